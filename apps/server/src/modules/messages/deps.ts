import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';

export type MessagesDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  storage: Storage;
  members: Pick<MembersService, 'findMany' | 'namesSubquery' | 'search'>;
  groups: Pick<
    GroupsService,
    | 'withRolesAndCategories'
    | 'inAdministeredGroups'
    | 'memberIdsQuery'
    | 'administeredMemberIdsQuery'
    | 'directoryGroups'
  >;
  networks: Pick<NetworksService, 'get'>;
  /** Whom the reader ignores (their messages come marked), and who ignores a sender (who cannot write to them). */
  ignoredMembers: Pick<IgnoredMembersService, 'ignoredBy' | 'ignoring'>;
  notifications: Pick<NotificationsService, 'notify' | 'markReadAbout'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  realtime: Pick<Realtime, 'toMember'>;
  publicUrl: string;
};

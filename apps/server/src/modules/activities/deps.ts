import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { FetchedPage } from '../../platform/http/safe-fetch.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
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

export type ActivitiesDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  storage: Pick<Storage, 'attach' | 'owned' | 'removeOwned' | 'purge'>;
  members: Pick<MembersService, 'findMany'>;
  /** Whom the reader ignores: their activities and replies come marked `ignored`. */
  ignoredMembers: Pick<IgnoredMembersService, 'ignoredBy'>;
  groups: Pick<GroupsService, 'contentGroups' | 'setMembershipFlag'>;
  networks: Pick<NetworksService, 'get'>;
  notifications: Pick<NotificationsService, 'notify'>;
  realtime: Pick<Realtime, 'toMember' | 'toRooms'>;
  /** Mentioned members are told by mail as well. */
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  publicUrl: string;
  jobs: Pick<Jobs, 'send' | 'work'>;
  /** Fetches a linked page for its preview (public addresses only); null: link previews are off. */
  fetchPage: ((url: string) => Promise<FetchedPage>) | null;
};

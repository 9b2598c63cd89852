import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';

export type ExternalInvitesDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  groups: Pick<
    GroupsService,
    'loadForActor' | 'withRolesAndCategories' | 'listCategories' | 'categoriesForShell' | 'namesOf' | 'join'
  >;
  members: Pick<MembersService, 'find' | 'findMany' | 'actorFor'>;
  accounts: Pick<AccountsService, 'memberAddresses' | 'mailAddresses'>;
  networks: Pick<NetworksService, 'get'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  publicUrl: string;
};

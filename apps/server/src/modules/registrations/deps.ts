import type { NetworkSettings } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { NetworkContext } from '../../platform/policy/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { ExternalInvitesService } from '../external-invites/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { ProfileEditService } from '../profile-edit/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { Altcha } from './altcha.ts';
import type { RegistrationsRepository } from './repository.ts';

/** Where a new member lands: the network's start page (`/` redirects to it when one is set). */
export const LANDING_PATH = '/';

export type RegistrationsDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  accounts: Pick<AccountsService, 'addMember' | 'openSession' | 'passwordCheck' | 'exists'>;
  members: Pick<MembersService, 'findMany' | 'findByUser' | 'find' | 'actorFor' | 'networkAdminIds'>;
  notifications: Pick<NotificationsService, 'notify'>;
  externalInvites: Pick<ExternalInvitesService, 'openByToken' | 'accept'>;
  groups: Pick<GroupsService, 'withRolesAndCategories'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  /** Whether a joining member goes through the onboarding first. */
  profileEdit: Pick<ProfileEditService, 'onboardingOnJoin'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  altcha: Altcha;
  publicUrl: string;
};

export type RegistrationsContext = RegistrationsDeps & { repository: RegistrationsRepository };

/** Who opened the page or sent the form, for the session it may open. */
export type RequestMeta = { ip: string; userAgent: string | undefined };

/** The network's settings as stored now (every request reads them anew: no restart needed). */
export async function settingsOf(deps: RegistrationsDeps, network: NetworkContext): Promise<NetworkSettings> {
  const row = await deps.networks.get(network.id);
  if (!row) throw notFound();
  return deps.networks.settings(row);
}

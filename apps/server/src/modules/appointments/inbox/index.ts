import type { Db } from '../../../platform/db/client.ts';
import type { Actor } from '../../../platform/policy/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { InvitesService } from '../../invites/index.ts';
import type { MembersService } from '../../members/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { LoadedAppointment } from '../access.ts';
import { createAppointmentInviteKind, type RespondViaInvite } from './invite-kind.ts';
import { createParticipations } from './participations.ts';
import { createInvitablePresenter } from './present.ts';
import { createInboxRepository } from './repository.ts';

export type InboxDeps = {
  db: Db;
  calendars: Pick<CalendarsService, 'accessMany'>;
  members: Pick<MembersService, 'findMany'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  invites: Pick<InvitesService, 'registerKind'>;
  load: (actor: Actor, id: string) => Promise<LoadedAppointment>;
  respond: RespondViaInvite;
  openInviteCount: (actor: Actor) => Promise<number>;
};

/**
 * The invites inbox of the appointments module: its kind of invite, registered with the
 * invites module (which serves `GET /api/v1/invites` and the answers), and the participations
 * lists (`GET /api/v1/participations`).
 */
export function createInbox(deps: InboxDeps) {
  const repository = createInboxRepository(deps.db);
  const presentInvitables = createInvitablePresenter({ repository, calendars: deps.calendars });
  const inviteKind = createAppointmentInviteKind({
    repository,
    presentInvitables,
    members: deps.members,
    networks: deps.networks,
    load: deps.load,
    respond: deps.respond,
    openCount: deps.openInviteCount,
  });
  deps.invites.registerKind(inviteKind);
  return { inviteKind, participations: createParticipations({ repository, presentInvitables }) };
}

export type Inbox = ReturnType<typeof createInbox>;

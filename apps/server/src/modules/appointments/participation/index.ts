import type { Db } from '../../../platform/db/client.ts';
import type { Jobs } from '../../../platform/jobs/jobs.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { Realtime } from '../../../platform/realtime/index.ts';
import type { AccountsService } from '../../accounts/index.ts';
import type { MemberSettingsService } from '../../member-settings/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { GroupsService } from '../../groups/index.ts';
import type { MembersService } from '../../members/index.ts';
import type { MembershipRolesService } from '../../membership-roles/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { NotificationsService } from '../../notifications/index.ts';
import type { AppointmentAccess } from '../access.ts';
import type { RecordAppointmentEvent } from '../events.ts';
import { createAddParticipants } from './add.ts';
import { createParticipantList } from './list.ts';
import { createParticipationRepository } from './repository.ts';
import { createRespond } from './respond.ts';
import { createCalendarUnreads } from './unreads.ts';

export type ParticipationDeps = {
  db: Db;
  access: AppointmentAccess;
  calendars: CalendarsService;
  members: MembersService;
  networks: NetworksService;
  groups: GroupsService;
  membershipRoles: MembershipRolesService;
  notifications: NotificationsService;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  mailer: Mailer;
  jobs: Jobs;
  realtime: Pick<Realtime, 'toMember'>;
  publicUrl: string;
  record: RecordAppointmentEvent;
};

/** Participants, answering, invitations and the Calendars unread count of the appointments module. */
export function createParticipation(deps: ParticipationDeps) {
  const repository = createParticipationRepository(deps.db, deps.members);
  const unreads = createCalendarUnreads({ repository, realtime: deps.realtime });
  const list = createParticipantList({ repository, membershipRoles: deps.membershipRoles });
  const respond = createRespond({ ...deps, repository });
  const adding = createAddParticipants({ ...deps, repository, authorizeManage: respond.authorizeManage });
  return {
    respond: respond.respond,
    update: respond.update,
    remove: respond.remove,
    add: adding.add,
    /** The invitation saved with a new appointment: checked before, stored in its transaction. */
    invitation: adding.invitation,
    page: list.page,
    summary: list.summary,
    /** Pushes the Calendars unread count of some members to their open pages. */
    pushCalendarUnreads: unreads.push,
    /** The Calendars unread count of a member: open invites that still ask for an answer. */
    openInviteCount: unreads.count,
    /** The processor of `participants_added`: notifications and mails to the invitees. */
    announce: adding.announce,
  };
}

export type Participation = ReturnType<typeof createParticipation>;

// What the organiser's actions and the invites inbox share with participation: the effective
// participants of a scope, the list in its order, and the language of a member's mail.
export {
  createParticipationRepository,
  effectiveWhere,
  type ParticipantListRow,
  type ParticipationRepository,
  type ParticipationScope,
} from './repository.ts';
export { mailLocale } from './mails.ts';
export { targetOf, viewScope } from './scope.ts';
export type { CheckedInvitation } from './add.ts';

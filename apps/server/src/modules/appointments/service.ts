import {
  appointmentFieldsSchema,
  type Appointment,
  type AppointmentCategory,
  type AppointmentFieldsInput,
  type ApplyTo,
  type AppointmentFields,
  type Invitees,
  type OwnParticipationStatus,
  type ParticipantPage,
  type StartedMeeting,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { CalendarsService } from '../calendars/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { InvitesService } from '../invites/index.ts';
import type { MeetingRoomsService } from '../meeting-rooms/index.ts';
import type { MembersService } from '../members/index.ts';
import type { MembershipRolesService } from '../membership-roles/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { createAppointmentAccess, type LoadedAppointment } from './access.ts';
import { appointmentEventRecorder, CALENDAR_APPOINTMENTS_UNLINKED } from './events.ts';
import { appointmentProcessors } from './processors.ts';
import { createCommands } from './commands.ts';
import { createDetail } from './detail.ts';
import { createParticipation } from './participation/index.ts';
import type { ParticipantsQuery } from './participation/list.ts';
import type { RespondOptions } from './participation/respond.ts';
import { createFeeds } from './feeds.ts';
import { obsoleteInvites } from './invite-lifecycle.ts';
import { createInbox } from './inbox/index.ts';
import { createOrganiser } from './organiser/service.ts';
import { createAppointmentFiles } from './files.ts';
import { createMonth } from './month.ts';
import { presentCategory } from './present.ts';
import { createCategoryAdministration } from './category-admin.ts';
import { createRangeRepository } from './range-repository.ts';
import { createRoomBookings } from './room-bookings.ts';
import { createUpcoming } from './upcoming.ts';
import { createAppointmentsRepository, type CategoryRow } from './repository.ts';
import { insertSeedAppointments, type SeedAppointment } from './seed.ts';
import { insertSeedInvites, type SeedInvite } from './seed-participation.ts';

export type AppointmentsDeps = {
  db: Db;
  calendars: CalendarsService;
  members: MembersService;
  networks: NetworksService;
  storage: Storage;
  groups: GroupsService;
  membershipRoles: MembershipRolesService;
  notifications: NotificationsService;
  mailer: Mailer;
  jobs: Jobs;
  realtime: Pick<Realtime, 'toMember'>;
  /** Where links in mails point to. */
  publicUrl: string;
  /** Members' mail addresses and locales (the accounts module keeps them). */
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  meetingRooms: MeetingRoomsService;
  events: Pick<Events, 'record'>;
  /** Where the module registers its kind of invite. */
  invites: Pick<InvitesService, 'registerKind'>;
};

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;

export function createAppointmentsService(deps: AppointmentsDeps) {
  const { db } = deps;
  const record = appointmentEventRecorder(deps.events);
  const repository = createAppointmentsRepository(db);
  const ranges = createRangeRepository(db);
  const access = createAppointmentAccess({ repository, calendars: deps.calendars });
  const files = createAppointmentFiles({ storage: deps.storage, calendars: deps.calendars, repository });
  const roomBookings = createRoomBookings({ repository, meetingRooms: deps.meetingRooms, access });
  const participation = createParticipation({ ...deps, access, record });
  const commands = createCommands({
    db,
    repository,
    calendars: deps.calendars,
    members: deps.members,
    access,
    files,
    meetingRooms: deps.meetingRooms,
    roomBookings,
    record,
    invitation: participation.invitation,
  });
  const organiser = createOrganiser({ ...deps, repository, access, files, roomBookings, record });
  // Registers the kind 'appointments' with the invites module.
  const inbox = createInbox({
    ...deps,
    load: access.load,
    respond: participation.respond,
    openInviteCount: participation.openInviteCount,
  });
  const detail = createDetail({
    repository,
    members: deps.members,
    networks: deps.networks,
    files,
    meetingRooms: deps.meetingRooms,
    participation,
  });
  const month = createMonth({ ranges, calendars: deps.calendars });
  const upcoming = createUpcoming({ ranges, calendars: deps.calendars });
  const feeds = createFeeds({ repository, ranges, calendars: deps.calendars, members: deps.members });

  /**
   * A deleted calendar takes along the appointments that were only in it (the calendar's event).
   * The files' bytes are left to the storage sweep.
   */
  async function forgetCalendar(tx: Db, networkId: string, calendarId: string): Promise<string[]> {
    const ids = await repository.idsInCalendar(tx, calendarId);
    await repository.unlinkCalendar(tx, calendarId);
    const orphans = await repository.withoutCalendars(tx, networkId, ids);
    // A modified occurrence without calendars is gone from its series, as if deleted alone.
    const occurrences = orphans.filter((o) => o.seriesId).map((o) => o.id);
    const whole = orphans.filter((o) => !o.seriesId).map((o) => o.id);
    // Their invites keep name and time before the rows change or go.
    const obsolete = { onlyOpen: false, withSnapshot: true };
    const recount = [
      ...(await obsoleteInvites(tx, networkId, { exceptionIds: occurrences }, obsolete)),
      ...(await obsoleteInvites(tx, networkId, { appointmentIds: whole }, obsolete)),
    ];
    for (const id of occurrences) {
      await repository.update(tx, networkId, id, { occurrenceDeleted: true });
      await roomBookings.syncOccurrence(tx, networkId, id);
    }
    await roomBookings.releaseWithExceptions(tx, networkId, whole);
    await repository.deleteMany(tx, networkId, whole);
    await files.removeAll(tx, networkId, whole);
    if (ids.length > 0) {
      // The month sheet changes once more when the calendar took appointments along.
      await deps.calendars.touch(tx, networkId);
      await deps.events.record(tx, {
        networkId,
        type: CALENDAR_APPOINTMENTS_UNLINKED,
        actorId: null,
        subject: { type: 'calendar', id: calendarId },
        changes: { appointment_ids: ids, deleted_ids: whole, deleted_occurrence_ids: occurrences },
      });
    }
    return recount;
  }

  const processors = appointmentProcessors({
    forgetCalendar,
    forgetRoom: async (tx, networkId, roomId) => void (await repository.clearMeetingRoom(tx, networkId, roomId)),
    announceInvites: participation.announce,
    notifyCanceled: organiser.notifyCanceled,
    pushCalendarUnreads: participation.pushCalendarUnreads,
  });

  return {
    /** What the module does when events happen: its own, and calendars and rooms going. */
    processors,
    /** Who reads and changes an appointment's files (the storage owner `appointment`). */
    storageOwner: files.ownerPolicy,
    /** The Calendars unread count: open invites that still ask for an answer. */
    calendarUnreads: participation.openInviteCount,
    /** An appointment or occurrence the actor may read; 404 otherwise. */
    load: (actor: Actor, id: string): Promise<LoadedAppointment> => access.load(actor, id),
    present: (actor: Actor, loaded: LoadedAppointment): Promise<Appointment> => detail.present(actor, loaded),
    /** Creates an appointment from the form's fields (already parsed), with whom it invites; answers its id. */
    createFromFields: (actor: Actor, fields: AppointmentFields, invitation?: Invitees): Promise<string> =>
      commands.create(actor, fields, invitation),
    update: (actor: Actor, loaded: LoadedAppointment, fields: AppointmentFields, applyTo?: ApplyTo) =>
      commands.update(actor, loaded, fields, applyTo),
    destroy: (actor: Actor, loaded: LoadedAppointment, applyTo?: ApplyTo) => commands.destroy(actor, loaded, applyTo),
    month: month.month,
    /**
     * The next appointments and occurrences each of some members of one network takes part in,
     * as their participating month view shows them (readable calendars, series expanded minus
     * their exceptions), not canceled, at most `max` each, keyed by membership id: a fixed number
     * of statements for a page of members (up to some hundreds at once).
     */
    upcoming,

    /**
     * A member answers for themselves (accepted, declined, open); `apply_to` for an occurrence
     * of a series. `viaInvite`: answered from the invites inbox, whose caller found the invite.
     */
    respond: (
      actor: Actor,
      loaded: LoadedAppointment,
      status: OwnParticipationStatus,
      applyTo: ApplyTo | undefined,
      options?: RespondOptions,
    ): Promise<void> => participation.respond(actor, loaded, status, applyTo, options),
    /** Pushes the Calendars unread count (open invites) of some members to their open pages. */
    pushCalendarUnreads: (networkId: string, membershipIds: string[]): Promise<void> =>
      participation.pushCalendarUnreads(networkId, membershipIds),
    /** `GET /appointments/{id}/participants` (403 without can.show_attendees). */
    async participants(actor: Actor, loaded: LoadedAppointment, query: ParticipantsQuery): Promise<ParticipantPage> {
      const { can } = await detail.abilitiesOf(actor, loaded, new Date());
      if (!can.show_attendees) throw forbidden();
      return participation.page(actor, loaded, query, can.update_participants);
    },
    addParticipants: participation.add,
    updateParticipant: participation.update,
    removeParticipant: participation.remove,
    /**
     * `POST /appointments/{id}/start-meeting`: the join URL of its room, for whom the detail
     * offers it (can.start_meeting, computed as for the detail); 403 otherwise.
     */
    async startMeeting(actor: Actor, loaded: LoadedAppointment): Promise<StartedMeeting> {
      const presented = await detail.present(actor, loaded);
      if (!presented.can.start_meeting || !presented.meeting.room_id || !presented.meeting.join_url) throw forbidden();
      return { join_url: presented.meeting.join_url };
    },
    /** `POST /appointments/{id}/cancel`: its open invites become obsolete; who takes part is told. */
    cancel: organiser.cancel,
    /** `PATCH /appointments/{id}`: the participation lock of an appointment or one occurrence. */
    lockParticipation: organiser.lock,
    /** `GET /appointments/{id}/contact` and `POST`: contacting attendees by mail. */
    contactContext: organiser.contactContext,
    contact: organiser.contact,
    /** `GET /appointments/{id}/attendees.{csv,xlsx}`: a streamed file. */
    attendees: organiser.attendees,
    /** `GET /api/v1/participations` (the invites themselves are the invites module's, by the kind registered with it). */
    participations: inbox.participations,
    /** Room bookings of appointment rows, kept in step in the caller's transaction (cancel: sync or release). */
    roomBookings,
    feed: feeds.feed,
    ics: feeds.one,

    /**
     * Creates an appointment as the form would (the same checks and rules), for the demo seed
     * and other server-side callers. Answers the appointment as `GET /appointments/{id}` does.
     */
    async create(actor: Actor, input: AppointmentFieldsInput): Promise<Appointment> {
      const id = await commands.create(actor, appointmentFieldsSchema.parse(input));
      return detail.present(actor, await access.load(actor, id));
    },

    /** Bulk insertion for seeds and benchmarks (chunks of 1000); answers the ids in order. */
    insertMany(networkId: string, rows: SeedAppointment[], chunkSize = 1000): Promise<string[]> {
      return insertSeedAppointments(db, repository, deps.calendars.touch, networkId, rows, chunkSize);
    },

    /** Bulk invites with the invitees' participation, for seeds and benchmarks (no notifications). */
    insertInvites(networkId: string, rows: SeedInvite[]): Promise<void> {
      return insertSeedInvites(db, networkId, rows);
    },

    /** `GET /appointments/categories`: the network's categories in their order. */
    async categories(actor: Actor): Promise<AppointmentCategory[]> {
      return (await repository.categories(actor.networkId)).map(presentCategory);
    },

    /** `PUT /administration/appointment_categories`: the list as a whole. */
    saveCategories: createCategoryAdministration({ db, events: deps.events, repository }),

    /** Adds categories (seeds). Existing labels are kept. */
    createCategories(networkId: string, labels: string[], firstPosition = 0): Promise<CategoryRow[]> {
      return repository.insertCategories(labels.map((label, i) => ({ networkId, label, position: firstPosition + i })));
    },
  };
}

import { applyAppointmentRules, PARTICIPATION_ERROR_KEYS, type AppointmentFields } from '@agora/contracts';
import { forbidden, unprocessable } from '../../platform/errors.ts';
import { sanitizeHtml } from '../../platform/html/sanitize.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { CalendarsService } from '../calendars/index.ts';
import type { MeetingRoomsService } from '../meeting-rooms/index.ts';
import type { MembersService } from '../members/index.ts';
import { formatInZone, isValidTimeZone, zonedInstant } from './recurrence.ts';
import type { AppointmentRow, AppointmentsRepository, NewAppointmentRow } from './repository.ts';
import { impossibleTimes, storedTimes, type StoredTimes } from './times.ts';

/**
 * Whether the member sees the Teams options: no Teams integration is configured yet, so the
 * server turns Teams sync off whatever a client sends (as the form would, not showing it).
 */
const CAN_SEE_TEAMS = false;

/** The form fields checked and turned into what is stored. */
export type PreparedAppointment = {
  fields: AppointmentFields;
  times: StoredTimes;
  calendarIds: string[];
  contactIds: string[];
  /** The meeting room to book; null when none is chosen or the network has no rooms. */
  roomId: string | null;
};

export type PrepareDeps = {
  repository: AppointmentsRepository;
  calendars: CalendarsService;
  members: MembersService;
  meetingRooms: Pick<MeetingRoomsService, 'canCreateMeetings' | 'find' | 'isRoomUrl'>;
};

/**
 * Applies the form rules and checks what the schema cannot: the time zone, the order of start
 * and end once converted, calendars (readable ones), contacts and category of this network
 * (422), and the right to put the appointment into each calendar it was not in before (403).
 */
export async function prepareAppointment(
  deps: PrepareDeps,
  actor: Actor,
  input: AppointmentFields,
  previousCalendarIds: readonly string[],
): Promise<PreparedAppointment> {
  const fields = applyAppointmentRules(input, { canSeeTeams: CAN_SEE_TEAMS });
  const converted = storedTimes(fields);
  const errors: Record<string, string[]> = { ...converted.errors };
  if (isValidTimeZone(fields.date.time_zone)) {
    const deadline = fields.application_configuration.registration_deadline;
    const field = 'application_configuration.registration_deadline';
    Object.assign(errors, impossibleTimes({ [field]: deadline }, fields.date.time_zone));
  }

  const submitted = [...new Set(fields.calendar_ids)];
  const previous = new Set(previousCalendarIds);
  const contactIds = [...new Set(fields.contact_ids)];
  const chosenRoom = fields.meeting.room_id;
  const [calendars, contacts, category, room, canCreateMeetings] = await Promise.all([
    deps.calendars.accessMany(actor, [...new Set([...submitted, ...previous])]),
    deps.members.findMany(actor.networkId, contactIds),
    fields.category_id ? deps.repository.category(actor.networkId, fields.category_id) : null,
    chosenRoom ? deps.meetingRooms.find(actor.networkId, chosenRoom) : undefined,
    chosenRoom ? deps.meetingRooms.canCreateMeetings(actor.networkId) : false,
  ]);
  const readable = (id: string) => calendars.get(id)?.can.read ?? false;
  // A calendar the editor cannot see is not in the form, so it cannot have been taken out:
  // it stays. Sent back, it passes too.
  const hidden = [...previous].filter((id) => !readable(id));
  if (!submitted.every((id) => readable(id) || previous.has(id))) errors.calendar_ids = ['invalid'];
  const memberIds = new Set(contacts.filter((m) => m.kind === 'member').map((m) => m.id));
  if (!contactIds.every((id) => memberIds.has(id))) errors.contact_ids = ['invalid'];
  if (fields.category_id && !category) errors.category_id = ['invalid'];
  // Without rooms (network can.create_meetings false) the form has no picker: a room sent is
  // dropped. Otherwise it must be one of the network's, for a time with an end to book.
  const roomId = canCreateMeetings ? chosenRoom : null;
  // The detail shows a room's URL as the join link to whoever may edit: sent back, it is no link of its own.
  if (fields.meeting.join_url && deps.meetingRooms.isRoomUrl(fields.meeting.join_url)) {
    fields.meeting = { ...fields.meeting, join_url: null };
  }
  if (roomId) {
    if (!room) errors['meeting.room_id'] = ['invalid'];
    const times = converted.times;
    if (times && !(times.endsAt && times.endsAt > times.startsAt)) {
      (errors['date.end'] ??= []).push(PARTICIPATION_ERROR_KEYS.roomNeedsEnd);
    }
  }
  if (Object.keys(errors).length > 0 || !converted.times) throw unprocessable(errors);

  if (!submitted.every((id) => previous.has(id) || calendars.get(id)!.can.create_appointments)) throw forbidden();
  return {
    fields,
    times: converted.times,
    calendarIds: [...new Set([...submitted, ...hidden])],
    contactIds,
    roomId,
  };
}

/**
 * The columns a save writes. What the form does not edit (the participation lock, what a Teams
 * integration would fill in) stays as it was.
 */
export function rowValues(
  actor: Actor,
  prepared: PreparedAppointment,
  previous: AppointmentRow | null,
): Omit<NewAppointmentRow, 'networkId'> {
  const { fields, times } = prepared;
  const application = fields.application_configuration;
  const deadline = application.registration_deadline;
  return {
    name: fields.name,
    description: sanitizeHtml(fields.description),
    ...times,
    categoryId: fields.category_id,
    location: { ...fields.location },
    meeting: { ...fields.meeting, room_id: prepared.roomId },
    teams: {
      ...fields.teams_configuration,
      join_url: previous?.teams.join_url ?? null,
      teams_event: previous?.teams.teams_event ?? false,
    },
    attendeeConfiguration: {
      ...fields.attendee_configuration,
      participation_locked: previous?.attendeeConfiguration.participation_locked ?? false,
    },
    applicationConfiguration: {
      ...application,
      registration_deadline: deadline ? formatInZone(zonedInstant(deadline, times.timeZone), times.timeZone) : null,
    },
    isEvent: fields.is_event,
    postToStream: fields.post_to_stream,
    activitystreamIds: fields.activitystream_ids,
    inviteConsumers: fields.invite_consumers,
    lastAuthorId: actor.membershipId,
  };
}

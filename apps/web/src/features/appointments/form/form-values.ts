import {
  ID_PATTERN,
  type Appointment,
  type MeetingLinkType,
  type MemberOption,
  type RecurrenceFrequency,
  type RecurrenceUnit,
} from '@agora/contracts';
import { addWallMinutes, nextFullHour, presentedWallClock, type WallClock } from '../lib/wall-clock.ts';

/** What the appointment form edits, field by field as the member sees them. */
export type AppointmentFormValues = {
  name: string;
  /** HTML of the rich-text editor. */
  description: string;
  calendarIds: string[];
  allDay: boolean;
  startDate: string | null;
  startTime: string;
  /** Null: no end ("remove end"). For all-day appointments the last day. */
  endDate: string | null;
  endTime: string;
  timeZone: string;
  frequency: RecurrenceFrequency;
  /** A NumberInput's value: a number, or '' while empty. */
  interval: number | string;
  unit: RecurrenceUnit;
  /** The last day of the series; null: no end. */
  recurrenceEnd: string | null;
  location: {
    name: string;
    address1: string;
    address2: string;
    zip: string;
    city: string;
    country: string;
    link: string;
    meetingLinkType: MeetingLinkType | null;
  };
  meeting: { joinUrl: string; phone: string; accessCode: string };
  teams: { sync: boolean; online: boolean; bypass: boolean };
  categoryId: string | null;
  contacts: MemberOption[];
  attendee: { total: number | string; enforced: boolean; userCanOpt: boolean; adminsOnly: boolean };
  application: {
    required: boolean;
    deadlineDate: string | null;
    deadlineTime: string;
    withCosts: boolean;
    costs: number | string;
    currency: string;
    url: string;
  };
  postToStream: boolean;
  /** The activity streams given by ?streams= (a picker comes with the activity stream). */
  streamIds: string[];
  /**
   * Stored fields the form shows no input of its own for, saved as they were; the meeting room
   * picker (where the network has rooms) sets `roomId`.
   */
  kept: { roomId: string | null; appUrl: string | null; isEvent: boolean; inviteConsumers: boolean };
};

/** The query of /appointments/new (calendars spec, section 2). */
export type NewAppointmentQuery = {
  date: string | null;
  calendarId: string | null;
  postToStream: boolean;
  description: string | null;
  streams: string[];
};

export function parseNewAppointmentQuery(search: URLSearchParams): NewAppointmentQuery {
  const date = search.get('date');
  const flag = search.get('post_to_stream');
  return {
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    calendarId: search.get('calendar_id'),
    postToStream: flag === 'true' || flag === '1',
    description: search.get('description'),
    streams: (search.get('streams') ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => ID_PATTERN.test(id)),
  };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A description handed over in the query is plain text: one paragraph per line. */
export function descriptionFromText(text: string | null): string {
  if (!text?.trim()) return '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

const EMPTY_LOCATION: AppointmentFormValues['location'] = {
  name: '',
  address1: '',
  address2: '',
  zip: '',
  city: '',
  country: '',
  link: '',
  meetingLinkType: null,
};

/**
 * A new appointment (calendars spec, section 2, defaults): it starts at the next full hour and
 * lasts one hour; with ?date= on that day, at the next full hour from now.
 */
export function newAppointmentValues(options: {
  now: Date;
  timeZone: string;
  query: NewAppointmentQuery;
  /** The calendars the member may create appointments in. */
  creatableCalendarIds: string[];
  currency: string;
}): AppointmentFormValues {
  const { now, timeZone, query, creatableCalendarIds } = options;
  const hour = nextFullHour(now, timeZone);
  const start: WallClock = query.date ? { date: query.date, time: hour.time } : hour;
  const end = addWallMinutes(start, 60);
  let calendarIds: string[] = [];
  if (query.calendarId && creatableCalendarIds.includes(query.calendarId)) calendarIds = [query.calendarId];
  else if (creatableCalendarIds.length === 1) calendarIds = [creatableCalendarIds[0]!];
  return {
    name: '',
    description: descriptionFromText(query.description),
    calendarIds,
    allDay: false,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone,
    frequency: 'never',
    interval: 1,
    unit: 'daily',
    recurrenceEnd: null,
    location: EMPTY_LOCATION,
    meeting: { joinUrl: '', phone: '', accessCode: '' },
    teams: { sync: false, online: false, bypass: false },
    categoryId: null,
    contacts: [],
    attendee: { total: '', enforced: false, userCanOpt: true, adminsOnly: false },
    application: {
      required: false,
      deadlineDate: null,
      deadlineTime: '',
      withCosts: false,
      costs: '',
      currency: options.currency,
      url: '',
    },
    postToStream: query.postToStream,
    streamIds: query.streams,
    kept: { roomId: null, appUrl: null, isEvent: false, inviteConsumers: false },
  };
}

/** A member named by the server (id, name, path) as the member picker holds it. */
export function memberOption(member: { id: string; name: string }): MemberOption {
  return { id: member.id, displayName: member.name, images: { small: null }, is_external: false };
}

/** The form of a stored appointment: its presented dates back on its own wall clock. */
export function appointmentValues(appointment: Appointment, now: Date): AppointmentFormValues {
  const { date, recurrence_pattern: recurrence, location, meeting, teams_configuration: teams } = appointment;
  const zone = date.time_zone;
  const start = presentedWallClock(date.start, zone);
  const end = date.end ? presentedWallClock(date.end, zone) : null;
  // All-day appointments have no times; the pickers start from the next hours should the member
  // turn all-day off.
  const hour = nextFullHour(now, zone);
  const startTime = start.time || hour.time;
  const endTime = end?.time || addWallMinutes({ date: start.date, time: startTime }, 60).time;
  const deadline = appointment.application_configuration.registration_deadline
    ? presentedWallClock(appointment.application_configuration.registration_deadline, zone)
    : null;
  return {
    name: appointment.name,
    description: appointment.description,
    calendarIds: appointment.calendars.map((calendar) => calendar.id),
    allDay: date.all_day,
    startDate: start.date,
    startTime,
    endDate: end?.date ?? null,
    endTime: end ? endTime : '',
    timeZone: zone,
    frequency: recurrence.recurrence_frequency,
    interval: recurrence.recurrence_interval,
    unit: recurrence.recurrence_unit,
    recurrenceEnd: recurrence.recurrence_end_time
      ? presentedWallClock(recurrence.recurrence_end_time, zone).date
      : null,
    location: {
      name: location.name ?? '',
      address1: location.address1 ?? '',
      address2: location.address2 ?? '',
      zip: location.zip ?? '',
      city: location.city ?? '',
      country: location.country ?? '',
      link: location.link ?? '',
      meetingLinkType: location.meeting_link_type,
    },
    meeting: {
      // With a room, whoever may edit is shown the room's own join URL: it is no link to keep.
      joinUrl: meeting.room_id && appointment.can.start_meeting ? '' : (meeting.join_url ?? ''),
      phone: meeting.conference_call_phone_number ?? '',
      accessCode: meeting.conference_call_access_code ?? '',
    },
    teams: { sync: teams.teams_sync_enabled, online: teams.online_meeting, bypass: teams.bypass_lobby },
    categoryId: appointment.category?.id ?? null,
    contacts: appointment.contacts.map(memberOption),
    attendee: {
      total: appointment.attendee_configuration.total ?? '',
      enforced: appointment.attendee_configuration.total_attendees_enforced,
      userCanOpt: appointment.attendee_configuration.user_can_opt,
      adminsOnly: appointment.attendee_configuration.show_participants_to_admins_only,
    },
    application: {
      required: appointment.application_configuration.registration_required,
      deadlineDate: deadline?.date ?? null,
      deadlineTime: deadline?.time ?? '',
      withCosts: appointment.application_configuration.registration_with_costs,
      costs: appointment.application_configuration.costs ?? '',
      currency: appointment.application_configuration.currency,
      url: appointment.application_configuration.url ?? '',
    },
    postToStream: appointment.post_to_stream,
    streamIds: appointment.activitystream_ids,
    kept: {
      roomId: meeting.room_id,
      appUrl: meeting.app_url,
      isEvent: appointment.is_event,
      inviteConsumers: appointment.invite_consumers,
    },
  };
}

import type {
  Appointment,
  Calendar,
  CalendarContext,
  CalendarList,
  EventFile,
  Participant,
  ParticipantRole,
  ParticipantStatus,
} from '@agora/contracts';

/** Test data in the shapes of the contracts (ids are 24-hex like the server's). */

export const APPOINTMENT_ID = 'a'.repeat(24);
export const SERIES_ID = 'b'.repeat(24);
export const CALENDAR_ID = 'c'.repeat(24);
export const GROUP_CALENDAR_ID = 'd'.repeat(24);
export const OTHER_CALENDAR_ID = 'e'.repeat(24);

export function appointmentFixture(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: APPOINTMENT_ID,
    name: 'Teamfrühstück',
    description: '<p>Mit <strong>Brötchen</strong></p>',
    description_rendered: '<p>Mit <strong>Brötchen</strong></p>',
    type: 'appointment',
    path: `/appointments/${APPOINTMENT_ID}`,
    canceled: false,
    cancel_prohibited_reason: null,
    calendar_ids: [CALENDAR_ID],
    calendars: [{ id: CALENDAR_ID, name: 'Netzwerk', color: '1971c2', type: 'network', group_slug: null }],
    unknown_calendars: 0,
    category: null,
    consultants: [],
    organizer: null,
    contacts: [],
    date: {
      start: '2030-03-10T10:00:00+01:00',
      end: '2030-03-10T11:00:00+01:00',
      all_day: false,
      time_zone: 'Europe/Berlin',
      same_day: true,
    },
    recurrence_pattern: {
      recurrence_frequency: 'never',
      recurrence_interval: 1,
      recurrence_unit: 'daily',
      recurrence_end_time: null,
    },
    series_id: null,
    original_start: null,
    modified: false,
    next_occurrence_date: null,
    next_occurrence_url: null,
    previous_occurrence_url: null,
    recurring_appointment_url: null,
    location: {
      name: null,
      address1: null,
      address2: null,
      zip: null,
      city: null,
      country: null,
      link: null,
      meeting_link_type: null,
      maps_url: null,
    },
    meeting: {
      room_id: null,
      room_name: null,
      join_url: null,
      conference_call_phone_number: null,
      conference_call_access_code: null,
      app_url: null,
      has_meeting: false,
    },
    teams_configuration: {
      teams_sync_enabled: false,
      online_meeting: false,
      bypass_lobby: false,
      join_url: null,
      teams_event: false,
      teams_only_participants_count: 0,
    },
    event_files: [],
    event_image: null,
    attendee_configuration: {
      total: null,
      total_attendees_enforced: false,
      user_can_opt: true,
      show_participants_to_admins_only: false,
      participation_locked: false,
    },
    application_configuration: {
      registration_required: false,
      registration_deadline: null,
      registration_with_costs: false,
      costs: null,
      currency: '€',
      url: null,
    },
    is_event: false,
    post_to_stream: false,
    activitystream_ids: [],
    invite_consumers: false,
    attending_participants_count: 1,
    total_attendees_enforced_and_exceeded: false,
    invited_consumers: [],
    my_invite: null,
    my_participant: null,
    participants: [],
    participant_counts: { accepted: 0, declined: 0, invited: 0 },
    registration_closed: false,
    can: {
      update: true,
      contact: true,
      update_participants: true,
      download_attendees: false,
      destroy: true,
      opt: true,
      show_attendees: true,
      start_meeting: false,
      create_appointments: true,
    },
    created_at: '2030-03-01T09:00:00.000Z',
    updated_at: '2030-03-01T09:00:00.000Z',
    author: { id: 'f'.repeat(24), name: 'Anna Adler', path: `/members/${'f'.repeat(24)}` },
    generic_author: null,
    last_author: null,
    ...overrides,
  };
}

export function eventFile(n: number): EventFile {
  const id = n.toString(16).padStart(24, '0');
  return {
    id,
    name: `Datei ${n}.pdf`,
    url: `/api/storage/files/${id}/get/Datei%20${n}.pdf`,
    extension: 'pdf',
    content_type: 'application/pdf',
    size: 2048 * n,
    original_filename: `Datei ${n}.pdf`,
    locked_until: null,
    updated_at: '2030-03-01T09:00:00.000Z',
    can: { lock: false },
  };
}

/** A participant; `n` makes the ids and the name (Person {n}) distinct. */
export function participantFixture(
  n: number,
  status: ParticipantStatus = 'accepted',
  overrides: { roles?: ParticipantRole[]; external?: boolean; id?: string } = {},
): Participant {
  const membershipId = `7${n.toString(16).padStart(23, '0')}`;
  return {
    id: overrides.id ?? `6${n.toString(16).padStart(23, '0')}`,
    status,
    roles: overrides.roles ?? [],
    membership: {
      id: membershipId,
      name: `Person ${n}`,
      first_name: 'Person',
      last_name: String(n),
      path: `/members/${membershipId}`,
      images: { small: null, medium: null, large: null },
      detection_profile_field: null,
      is_external: overrides.external ?? false,
      is_consumer: false,
      upn: null,
      show_add_upn_link: false,
    },
    can: { update: false, destroy: false },
  };
}

export function calendarFixture(overrides: Partial<Calendar> = {}): Calendar {
  return {
    id: CALENDAR_ID,
    name: 'Netzwerk',
    color: '1971c2',
    type: 'network',
    category_name: null,
    parent_id: null,
    group: null,
    is_default: true,
    author: null,
    memberships: [],
    can: { update: false, destroy: false, create_appointments: true },
    ...overrides,
  };
}

export function calendarList(calendars: Calendar[] = [calendarFixture()]): CalendarList {
  return { calendars };
}

export function contextFixture(options: { retroactive?: boolean; teams?: boolean } = {}): CalendarContext {
  return {
    network: {
      can: { create_calendars: true, create_appointments: true, create_meetings: false },
      config: { retroactive_opting: options.retroactive ?? false, default_lock_period_days: 7 },
    },
    member: {
      can: { create_personal_calendars: true, see_teams_event_options: options.teams ?? false },
      authentication_token: null,
    },
    group: null,
  };
}

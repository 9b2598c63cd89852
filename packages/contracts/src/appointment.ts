import { z } from './zod.ts';
import type { InviteStatus, Participant } from './participation.ts';
import { idSchema } from './ids.ts';
import { OCCURRENCE_ID_PATTERN } from './id-patterns.ts';
import { daySchema, localDateTimeSchema } from './dates.ts';
import { URL_MAX_LENGTH, webUrlSchema } from './urls.ts';
import { lineText, longText, nameText, optionalLineText, TEXT_LIMITS } from './text.ts';
import type { MemberRef } from './calendar.ts';

/** Recurrence frequencies (calendars spec, section 4). `custom` repeats every `interval` units. */
export const RECURRENCE_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
/** The unit a custom recurrence counts its interval in; switching to custom starts with daily. */
export const RECURRENCE_UNITS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

export const MEETING_LINK_TYPES = ['ms_teams', 'google_meet', 'zoom'] as const;
export type MeetingLinkType = (typeof MEETING_LINK_TYPES)[number];

/** Whether a change to one occurrence of a series applies to it alone or to the series. */
export const APPLY_TO = ['this', 'all'] as const;
export type ApplyTo = (typeof APPLY_TO)[number];

/** Presented appointment types; any other value is a non-standard type with a view of its own. */
export const APPOINTMENT_TYPES = ['appointment', 'recurring_appointment', 'virtual_appointment'] as const;
export type StandardAppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** Business constants of the calendars spec, section 9. */
export const APPOINTMENT_LIMITS = {
  zipMaxLength: 10,
  /** A conference call's phone number and access code. */
  conferenceCallMaxLength: 100,
  currencyMaxLength: 10,
  attendeeTotalMin: 0,
  recurrenceIntervalMin: 1,
  costsMin: 0,
  defaultCurrency: '€',
  defaultDurationMinutes: 60,
  descriptionTruncate: 500,
  meetingLinkLabelTruncate: 65,
  eventFilesShown: 2,
  dayCellMinAppointments: 4,
  listBreakpointPx: 768,
  buttonGroupBreakpointPx: 640,
  nameMaxLength: TEXT_LIMITS.line,
  descriptionMaxLength: 100_000,
  contactsMax: 20,
  filesMax: 50,
  /** A month answers at most this many appointments (occurrences included); more sets `truncated`. */
  monthMaxAppointments: 5000,
  /** Participants the detail answer carries; the participants page pages through all. */
  detailParticipants: 30,
} as const;

/** Validation message keys of the calendars spec, section 5 (besides the common ones). */
export const APPOINTMENT_ERROR_KEYS = {
  calendarsEmpty: 'calendars_empty',
  endLtStart: 'end_lt_start',
  /** An invitation comes with a new appointment only; later ones are added as participants. */
  invitationOnCreate: 'invitation_on_create_only',
} as const;

/** Ids of generated and modified occurrences: see OCCURRENCE_ID_PATTERN. */
export function occurrenceId(seriesId: string, originalLocalStart: string): string {
  return `r-${seriesId}-${originalLocalStart}`;
}
export function parseOccurrenceId(id: string): { seriesId: string; originalLocalStart: string } | null {
  const match = OCCURRENCE_ID_PATTERN.exec(id);
  return match ? { seriesId: match[1]!, originalLocalStart: match[2]! } : null;
}
export const appointmentIdSchema = z.union([idSchema, z.string().regex(OCCURRENCE_ID_PATTERN, 'invalid_id')]);

const localDateTime = localDateTimeSchema;

const optionalUrl = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, 'too_long')
  .nullish()
  .transform((v) => v || null)
  .pipe(webUrlSchema({ relative: false }).nullable());

/** The form fields of the calendars spec, section 2 (`POST /appointments`, `PUT /appointments/{id}`). */
export const appointmentFieldsSchema = z.object({
  name: nameText(APPOINTMENT_LIMITS.nameMaxLength),
  /** Rich text (HTML); the server sanitizes it. */
  description: longText(APPOINTMENT_LIMITS.descriptionMaxLength, { trim: false })
    .nullish()
    .transform((v) => v ?? ''),
  calendar_ids: z.array(idSchema).max(100).min(1, APPOINTMENT_ERROR_KEYS.calendarsEmpty),
  category_id: idSchema.nullish().transform((v) => v ?? null),
  contact_ids: z.array(idSchema).max(APPOINTMENT_LIMITS.contactsMax).default([]),
  date: z.object({
    start: localDateTime,
    end: localDateTime.nullish().transform((v) => v ?? null),
    all_day: z.boolean().default(false),
    /** An IANA zone; the server checks it exists. */
    time_zone: z.string().trim().min(1, 'required').max(64),
  }),
  recurrence_pattern: z
    .object({
      recurrence_frequency: z.enum(RECURRENCE_FREQUENCIES),
      recurrence_interval: z.coerce.number().int('invalid').min(APPOINTMENT_LIMITS.recurrenceIntervalMin).default(1),
      recurrence_unit: z.enum(RECURRENCE_UNITS).default('daily'),
      /** Null: the series has no end. */
      recurrence_end_time: localDateTime.nullish().transform((v) => v ?? null),
    })
    .prefault({ recurrence_frequency: 'never' }),
  location: z
    .object({
      name: optionalLineText(),
      address1: optionalLineText(),
      address2: optionalLineText(),
      zip: optionalLineText(APPOINTMENT_LIMITS.zipMaxLength),
      city: optionalLineText(),
      country: optionalLineText(),
      link: optionalUrl,
      meeting_link_type: z
        .enum(MEETING_LINK_TYPES)
        .nullish()
        .transform((v) => v ?? null),
    })
    .prefault({}),
  meeting: z
    .object({
      room_id: idSchema.nullish().transform((v) => v ?? null),
      join_url: optionalUrl,
      conference_call_phone_number: optionalLineText(APPOINTMENT_LIMITS.conferenceCallMaxLength),
      conference_call_access_code: optionalLineText(APPOINTMENT_LIMITS.conferenceCallMaxLength),
      app_url: optionalUrl,
    })
    .prefault({}),
  teams_configuration: z
    .object({
      teams_sync_enabled: z.boolean().default(false),
      online_meeting: z.boolean().default(false),
      bypass_lobby: z.boolean().default(false),
    })
    .prefault({}),
  attendee_configuration: z
    .object({
      total: z.coerce
        .number()
        .int('invalid')
        .min(APPOINTMENT_LIMITS.attendeeTotalMin)
        .nullish()
        .transform((v) => v ?? null),
      total_attendees_enforced: z.boolean().default(false),
      user_can_opt: z.boolean().default(true),
      show_participants_to_admins_only: z.boolean().default(false),
    })
    .prefault({}),
  application_configuration: z
    .object({
      registration_required: z.boolean().default(false),
      registration_deadline: localDateTime.nullish().transform((v) => v ?? null),
      registration_with_costs: z.boolean().default(false),
      costs: z.coerce
        .number()
        .min(APPOINTMENT_LIMITS.costsMin)
        .nullish()
        .transform((v) => v ?? null),
      currency: lineText(APPOINTMENT_LIMITS.currencyMaxLength)
        .nullish()
        .transform((v) => v || APPOINTMENT_LIMITS.defaultCurrency),
      url: optionalUrl,
    })
    .prefault({}),
  is_event: z.boolean().default(false),
  post_to_stream: z.boolean().default(false),
  /** The activity streams the appointment is posted to when `post_to_stream` is on. */
  activitystream_ids: z.array(idSchema).max(50).default([]),
  invite_consumers: z.boolean().default(false),
  /** Upload ids (files directory); the list replaces the appointment's files. */
  event_file_ids: z.array(idSchema).max(APPOINTMENT_LIMITS.filesMax).default([]),
  /** Upload id (images directory), or null for none. */
  event_image_id: idSchema.nullish().transform((v) => v ?? null),
});
export type AppointmentFieldsInput = z.input<typeof appointmentFieldsSchema>;
export type AppointmentFields = z.output<typeof appointmentFieldsSchema>;

/** Compares wall-clock values of the same zone (or two dates): both as written by the form. */
function localKey(value: string): string {
  return value.length === 10 ? `${value}T00:00` : value.slice(0, 16);
}

/**
 * The form rules of the calendars spec, section 4, applied to what is saved (by the form as the
 * member edits, and by the server again): Teams sync forces no recurrence and an online meeting,
 * a recurrence turns Teams sync off, bypass lobby needs both; registration details only with
 * registration, costs only with costs.
 */
export function applyAppointmentRules(fields: AppointmentFields, options: { canSeeTeams: boolean }): AppointmentFields {
  const teams = { ...fields.teams_configuration };
  const recurrence = { ...fields.recurrence_pattern };
  if (!options.canSeeTeams) {
    teams.teams_sync_enabled = false;
    teams.online_meeting = false;
  }
  if (recurrence.recurrence_frequency !== 'never') teams.teams_sync_enabled = false;
  if (teams.teams_sync_enabled) {
    teams.online_meeting = true;
  }
  if (!(teams.teams_sync_enabled && teams.online_meeting)) teams.bypass_lobby = false;
  if (recurrence.recurrence_frequency === 'never') {
    recurrence.recurrence_interval = 1;
    recurrence.recurrence_end_time = null;
  } else if (recurrence.recurrence_frequency !== 'custom') {
    recurrence.recurrence_interval = 1;
  }
  const application = { ...fields.application_configuration };
  if (!application.registration_required) application.registration_deadline = null;
  if (!application.registration_with_costs) application.costs = null;
  return {
    ...fields,
    activitystream_ids: fields.post_to_stream ? fields.activitystream_ids : [],
    teams_configuration: teams,
    recurrence_pattern: recurrence,
    application_configuration: application,
  };
}

/** How many members, groups and roles one call may invite (adding participants, the form's invitation). */
export const INVITEE_LIMITS = { membersMax: 500, groupsMax: 50, rolesMax: 50 } as const;

/** Who is invited: members one by one, and the members of groups and of membership roles. */
export const inviteesSchema = z.object({
  membership_ids: z.array(idSchema).max(INVITEE_LIMITS.membersMax).default([]).describe('Members to invite.'),
  group_ids: z
    .array(idSchema)
    .max(INVITEE_LIMITS.groupsMax)
    .default([])
    .describe('Groups whose members are invited (groups the member may see).'),
  membership_role_ids: z
    .array(idSchema)
    .max(INVITEE_LIMITS.rolesMax)
    .default([])
    .describe('Membership roles whose holders are invited.'),
  send_email_notification: z.boolean().default(false).describe('Whether the invitees are told by e-mail too.'),
});
export type InviteesInput = z.input<typeof inviteesSchema>;
export type Invitees = z.output<typeof inviteesSchema>;

/**
 * `POST /appointments` and `PUT /appointments/{id}` bodies; `apply_to` for occurrences of a
 * series. `invitation` (creating only): who is invited together with the new appointment, as
 * adding participants invites them; consumers only with the appointment's `invite_consumers`.
 */
export const appointmentBodySchema = z
  .object({
    appointment: appointmentFieldsSchema,
    invitation: inviteesSchema
      .optional()
      .describe(
        'Creating only: who is invited with the new appointment, in its transaction, as adding participants invites them.',
      ),
    apply_to: z.enum(APPLY_TO).optional(),
  })
  .superRefine((body, ctx) => {
    const { date, recurrence_pattern: recurrence, application_configuration: application } = body.appointment;
    if (date.end && localKey(date.end) < localKey(date.start)) {
      ctx.addIssue({
        code: 'custom',
        path: ['appointment', 'date', 'end'],
        message: APPOINTMENT_ERROR_KEYS.endLtStart,
      });
    }
    if (
      recurrence.recurrence_frequency !== 'never' &&
      recurrence.recurrence_end_time &&
      // A last day (date only) may be the start's day itself.
      (recurrence.recurrence_end_time.length === 10
        ? recurrence.recurrence_end_time < date.start.slice(0, 10)
        : localKey(recurrence.recurrence_end_time) < localKey(date.start))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['appointment', 'recurrence_pattern', 'recurrence_end_time'],
        message: APPOINTMENT_ERROR_KEYS.endLtStart,
      });
    }
    if (application.registration_with_costs && application.costs === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['appointment', 'application_configuration', 'costs'],
        message: 'required',
      });
    }
  });
export type AppointmentBody = z.input<typeof appointmentBodySchema>;

/** `DELETE /appointments/{id}` query and `PATCH` body's scope for occurrences of a series. */
export const applyToQuerySchema = z.object({ apply_to: z.enum(APPLY_TO).optional() });

/** `PATCH /appointments/{id}`: only the participation lock. */
export const appointmentPatchSchema = z.object({
  appointment: z.object({ attendee_configuration: z.object({ participation_locked: z.boolean() }) }),
});

/**
 * `GET /appointments` and `/appointments/participating`: the six weeks (42 days from the Monday
 * on or before the 1st) of the month `date` is in. `calendar_ids`: comma-separated ids; without
 * it, every calendar the member may read.
 */
export const appointmentsMonthQuerySchema = z.object({
  date: daySchema,
  view: z.enum(['sheet', 'list']).default('sheet'),
  type: z.literal('month').default('month'),
  /** The viewer's zone: the visible weeks run from local midnight to local midnight in it. */
  time_zone: z.string().max(64).default('Europe/Berlin'),
  calendar_ids: z
    .string()
    .max(100 * 25)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(z.array(idSchema).optional()),
});
export type AppointmentsMonthQuery = z.input<typeof appointmentsMonthQuerySchema>;

export type AppointmentDate = {
  /** ISO time with the offset of the appointment's zone; `YYYY-MM-DD` for all-day appointments. */
  start: string;
  /** As start; for all-day appointments the last day (inclusive); null without an end. */
  end: string | null;
  all_day: boolean;
  time_zone: string;
  same_day: boolean;
};

export type RecurrencePattern = {
  recurrence_frequency: RecurrenceFrequency;
  recurrence_interval: number;
  recurrence_unit: RecurrenceUnit;
  recurrence_end_time: string | null;
};

/** One row of the month sheet or list. */
export type AppointmentListItem = {
  id: string;
  name: string;
  type: string;
  path: string;
  date: AppointmentDate;
  calendar_ids: string[];
  /** Colour of the first of its calendars the member may read. */
  color: string;
  recurring: boolean;
  canceled: boolean;
  location_name: string | null;
  has_meeting: boolean;
};

/** The month answer: the visible weeks `from` to `to` (exclusive). */
export type AppointmentMonth = {
  from: string;
  to: string;
  appointments: AppointmentListItem[];
  truncated: boolean;
};

export type EventFile = {
  id: string;
  name: string;
  url: string;
  extension: string;
  content_type: string;
  size: number;
  original_filename: string;
  locked_until: string | null;
  updated_at: string;
  can: { lock: boolean };
};

export type AppointmentCategory = { id: string; label: string };

/** `GET /appointments/{id}` (calendars spec, section 3). */
export type Appointment = {
  id: string;
  name: string;
  description: string;
  description_rendered: string;
  type: string;
  path: string;
  canceled: boolean;
  cancel_prohibited_reason: string | null;
  calendar_ids: string[];
  /** The calendars the member may read, for the colour dots. */
  calendars: Array<{ id: string; name: string; color: string; type: string; group_slug: string | null }>;
  /** How many of its calendars the member may not read. */
  unknown_calendars: number;
  category: AppointmentCategory | null;
  consultants: MemberRef[];
  organizer: MemberRef | null;
  contacts: MemberRef[];
  date: AppointmentDate;
  recurrence_pattern: RecurrencePattern;
  /** The series an occurrence belongs to, and the occurrence's start in the series (ISO). */
  series_id: string | null;
  original_start: string | null;
  /** Whether this occurrence was changed on its own (a modified occurrence). */
  modified: boolean;
  next_occurrence_date: string | null;
  next_occurrence_url: string | null;
  previous_occurrence_url: string | null;
  recurring_appointment_url: string | null;
  location: AppointmentLocation & { maps_url: string | null };
  meeting: {
    room_id: string | null;
    room_name: string | null;
    join_url: string | null;
    conference_call_phone_number: string | null;
    conference_call_access_code: string | null;
    app_url: string | null;
    has_meeting: boolean;
  };
  teams_configuration: {
    teams_sync_enabled: boolean;
    online_meeting: boolean;
    bypass_lobby: boolean;
    join_url: string | null;
    teams_event: boolean;
    teams_only_participants_count: number;
  };
  event_files: EventFile[];
  event_image: { id: string; large_thumb: string } | null;
  attendee_configuration: {
    total: number | null;
    total_attendees_enforced: boolean;
    user_can_opt: boolean;
    show_participants_to_admins_only: boolean;
    participation_locked: boolean;
  };
  application_configuration: {
    registration_required: boolean;
    registration_deadline: string | null;
    registration_with_costs: boolean;
    costs: number | null;
    currency: string;
    url: string | null;
  };
  is_event: boolean;
  post_to_stream: boolean;
  activitystream_ids: string[];
  invite_consumers: boolean;
  attending_participants_count: number;
  total_attendees_enforced_and_exceeded: boolean;
  invited_consumers: MemberRef[];
  /** The member's invite to this appointment (or its series), if any. */
  my_invite: null | { id: string; status: InviteStatus };
  /** The member's own participation (id 'me'); null when not a participant. */
  my_participant: Participant | null;
  /**
   * The first participants in the list order (accepted, declined or rejected, invited, then by
   * name), empty unless `can.show_attendees`; the whole list is `GET /appointments/{id}/participants`.
   */
  participants: Participant[];
  /** Counts by status, zero unless `can.show_attendees`. */
  participant_counts: Record<'accepted' | 'declined' | 'invited', number>;
  /** Whether the registration deadline has passed (members can no longer sign up). */
  registration_closed: boolean;
  can: {
    update: boolean;
    contact: boolean;
    update_participants: boolean;
    download_attendees: boolean;
    destroy: boolean;
    opt: boolean;
    show_attendees: boolean;
    start_meeting: boolean;
    create_appointments: boolean;
  };
  created_at: string;
  updated_at: string;
  author: MemberRef | null;
  generic_author: MemberRef | null;
  last_author: MemberRef | null;
};

/** Where an appointment takes place, as stored and answered (the answer adds `maps_url`). */
export type AppointmentLocation = {
  name: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  link: string | null;
  meeting_link_type: MeetingLinkType | null;
};

type Address = Partial<Pick<AppointmentLocation, 'name' | 'address1' | 'address2' | 'zip' | 'city' | 'country'>>;

/** The address lines of a location that are set: address lines, "zip city", country. */
export function addressLines(location: Address): string[] {
  return [
    location.address1,
    location.address2,
    [location.zip, location.city].filter(Boolean).join(' '),
    location.country,
  ]
    .map((line) => line?.trim())
    .filter((line): line is string => !!line);
}

/** The place's name, then its address lines. */
export function locationLines(location: Address): string[] {
  const name = location.name?.trim();
  return name ? [name, ...addressLines(location)] : addressLines(location);
}

/** A maps search link for a location, or null without any address part. */
export function mapsUrl(location: Address): string | null {
  const parts = addressLines(location);
  if (parts.length === 0) {
    if (!location.name?.trim()) return null;
    parts.push(location.name.trim());
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(parts.join(', '))}`;
}

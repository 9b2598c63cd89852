import {
  APPOINTMENT_ERROR_KEYS,
  appointmentBodySchema,
  applyAppointmentRules,
  type AppointmentBody,
  type AppointmentFieldsInput,
  type ApplyTo,
} from '@agora/contracts';
import type { AppointmentFormValues } from './form-values.ts';

/** Upload ids kept by the files and event image fields. */
export type AppointmentUploads = { fileIds: string[]; imageId: string | null };

const orNull = (text: string) => (text.trim() === '' ? null : text);
const numberOrNull = (value: number | string) => (value === '' ? null : value);

/**
 * The fields as the server takes them: wall-clock dates in the appointment's zone
 * ('YYYY-MM-DDTHH:mm', or 'YYYY-MM-DD' all-day, the end then being the last day).
 */
export function appointmentFields(values: AppointmentFormValues, uploads: AppointmentUploads): AppointmentFieldsInput {
  const at = (date: string | null, time: string) => (date ? (values.allDay ? date : `${date}T${time}`) : '');
  return {
    name: values.name,
    description: values.description,
    calendar_ids: values.calendarIds,
    category_id: values.categoryId,
    contact_ids: values.contacts.map((contact) => contact.id),
    date: {
      start: at(values.startDate, values.startTime),
      end: values.endDate ? at(values.endDate, values.endTime || values.startTime) : null,
      all_day: values.allDay,
      time_zone: values.timeZone,
    },
    recurrence_pattern: {
      recurrence_frequency: values.frequency,
      recurrence_interval: values.frequency === 'custom' ? values.interval : 1,
      recurrence_unit: values.unit,
      recurrence_end_time: values.frequency === 'never' ? null : values.recurrenceEnd,
    },
    location: {
      name: orNull(values.location.name),
      address1: orNull(values.location.address1),
      address2: orNull(values.location.address2),
      zip: orNull(values.location.zip),
      city: orNull(values.location.city),
      country: orNull(values.location.country),
      link: orNull(values.location.link),
      meeting_link_type: values.location.meetingLinkType,
    },
    meeting: {
      room_id: values.kept.roomId,
      join_url: orNull(values.meeting.joinUrl),
      conference_call_phone_number: orNull(values.meeting.phone),
      conference_call_access_code: orNull(values.meeting.accessCode),
      app_url: values.kept.appUrl,
    },
    teams_configuration: {
      teams_sync_enabled: values.teams.sync,
      online_meeting: values.teams.online,
      bypass_lobby: values.teams.bypass,
    },
    attendee_configuration: {
      total: numberOrNull(values.attendee.total),
      total_attendees_enforced: values.attendee.enforced,
      user_can_opt: values.attendee.userCanOpt,
      show_participants_to_admins_only: values.attendee.adminsOnly,
    },
    application_configuration: {
      registration_required: values.application.required,
      registration_deadline:
        values.application.required && values.application.deadlineDate
          ? values.application.deadlineTime
            ? `${values.application.deadlineDate}T${values.application.deadlineTime}`
            : values.application.deadlineDate
          : null,
      registration_with_costs: values.application.withCosts,
      costs: values.application.withCosts ? numberOrNull(values.application.costs) : null,
      currency: values.application.currency,
      url: orNull(values.application.url),
    },
    is_event: values.kept.isEvent,
    post_to_stream: values.postToStream,
    activitystream_ids: values.postToStream ? values.streamIds : [],
    invite_consumers: values.kept.inviteConsumers,
    event_file_ids: uploads.fileIds,
    event_image_id: uploads.imageId,
  };
}

export type FieldErrors = Record<string, string[]>;

type Issue = { path: PropertyKey[]; message: string; input?: unknown };

/** A validation issue as the server words it: field path without the wrapper, a message key. */
function issueField(issue: Issue): string {
  const path = issue.path.map(String);
  if (path[0] === 'appointment') path.shift();
  return path.join('.') || 'base';
}

function issueMessage(issue: Issue): string {
  // An empty date or choice is missing rather than malformed.
  if (issue.input === '' || issue.input === null) return 'required';
  return /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid';
}

const comparable = (value: string) => (value.length === 10 ? `${value}T00:00` : value.slice(0, 16));

function endBeforeStart(start: string, end: string | null | undefined): boolean {
  return !!start && !!end && comparable(end) < comparable(start);
}

export type ValidationResult = { ok: true; body: AppointmentBody } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the server's own schema (so the keys are the server's: calendars_empty,
 * end_lt_start ...), then applies the form rules to what is sent.
 */
export function validateAppointment(
  values: AppointmentFormValues,
  uploads: AppointmentUploads,
  options: { canSeeTeams: boolean; applyTo?: ApplyTo },
): ValidationResult {
  const fields = appointmentFields(values, uploads);
  const parsed = appointmentBodySchema.safeParse({ appointment: fields }, { reportInput: true });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    const add = (field: string, key: string) => {
      const keys = (errors[field] ??= []);
      if (!keys.includes(key)) keys.push(key);
    };
    for (const issue of parsed.error.issues) add(issueField(issue), issueMessage(issue));
    // The schema compares the dates only once everything else is valid; the member hears of
    // every fault at once.
    if (endBeforeStart(fields.date.start, fields.date.end)) add('date.end', APPOINTMENT_ERROR_KEYS.endLtStart);
    return { ok: false, errors };
  }
  const appointment = applyAppointmentRules(parsed.data.appointment, { canSeeTeams: options.canSeeTeams });
  return { ok: true, body: { appointment, ...(options.applyTo ? { apply_to: options.applyTo } : {}) } };
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AppointmentLocation,
  InviteStatus,
  ParticipantStatus,
  RecurrenceFrequency,
  RecurrenceUnit,
} from '@agora/contracts';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

export type StoredLocation = AppointmentLocation;
export type StoredMeeting = {
  room_id: string | null;
  join_url: string | null;
  conference_call_phone_number: string | null;
  conference_call_access_code: string | null;
  app_url: string | null;
};
export type StoredTeams = {
  teams_sync_enabled: boolean;
  online_meeting: boolean;
  bypass_lobby: boolean;
  join_url: string | null;
  teams_event: boolean;
};
export type StoredAttendeeConfiguration = {
  total: number | null;
  total_attendees_enforced: boolean;
  user_can_opt: boolean;
  show_participants_to_admins_only: boolean;
  participation_locked: boolean;
};
export type StoredApplicationConfiguration = {
  registration_required: boolean;
  /** ISO time with offset. */
  registration_deadline: string | null;
  registration_with_costs: boolean;
  costs: number | null;
  currency: string;
  url: string | null;
};

/**
 * Single appointments, series and modified occurrences. A series is one row with a recurrence;
 * its occurrences are computed for the range asked for. A modified occurrence (an exception of
 * the series) is a row of its own with `series_id` and `original_start`; an occurrence deleted
 * alone is such a row with `occurrence_deleted`.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    /** 'appointment', or a non-standard type that has a view and form of its own. */
    kind: text('kind').notNull().default('appointment'),
    seriesId: text('series_id').references((): AnyPgColumn => appointments.id, { onDelete: 'cascade' }),
    originalStart: timestamp('original_start', { withTimezone: true }),
    occurrenceDeleted: boolean('occurrence_deleted').notNull().default(false),
    name: text('name').notNull(),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: no end given. All-day appointments end at the start of the day after their last. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    allDay: boolean('all_day').notNull().default(false),
    timeZone: text('time_zone').notNull(),
    recurrenceFrequency: text('recurrence_frequency').$type<RecurrenceFrequency>().notNull().default('never'),
    recurrenceInterval: integer('recurrence_interval').notNull().default(1),
    recurrenceUnit: text('recurrence_unit').$type<RecurrenceUnit>().notNull().default('daily'),
    recurrenceEndTime: timestamp('recurrence_end_time', { withTimezone: true }),
    /**
     * When the appointment (for a series: its last occurrence) is over; null for a series
     * without end. With `starts_at` it is what range queries filter on.
     */
    rangeEnd: timestamp('range_end', { withTimezone: true }),
    categoryId: text('category_id'),
    location: jsonb('location').$type<StoredLocation>().notNull(),
    meeting: jsonb('meeting').$type<StoredMeeting>().notNull(),
    teams: jsonb('teams').$type<StoredTeams>().notNull(),
    attendeeConfiguration: jsonb('attendee_configuration').$type<StoredAttendeeConfiguration>().notNull(),
    applicationConfiguration: jsonb('application_configuration').$type<StoredApplicationConfiguration>().notNull(),
    isEvent: boolean('is_event').notNull().default(false),
    postToStream: boolean('post_to_stream').notNull().default(false),
    activitystreamIds: jsonb('activitystream_ids').$type<string[]>().notNull().default([]),
    inviteConsumers: boolean('invite_consumers').notNull().default(false),
    canceled: boolean('canceled').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    authorId: text('author_id'),
    lastAuthorId: text('last_author_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_network_start_idx').on(t.networkId, t.startsAt),
    index('appointments_network_range_end_idx').on(t.networkId, t.rangeEnd),
    // The month sheet and the feeds ask for what overlaps a window: a range index answers that
    // without scanning every past appointment (starts_at < to) or every future one (range_end >= from).
    // range_end null (a series without end) is an unbounded range.
    index('appointments_range_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.rangeEnd}, '[]')`),
    uniqueIndex('appointments_series_original_idx').on(t.seriesId, t.originalStart),
  ],
);

/** Which calendars an appointment is in (one or more). */
export const appointmentCalendars = pgTable(
  'appointment_calendars',
  {
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    networkId: networkIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.calendarId] }),
    index('appointment_calendars_calendar_idx').on(t.calendarId, t.appointmentId),
  ],
);

/** Contact people named on an appointment, in their order. */
export const appointmentContacts = pgTable(
  'appointment_contacts',
  {
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.membershipId] })],
);

/**
 * Stored participant statuses: the spec's, and 'removed' for a member taken off one occurrence
 * of a series they take part in (an occurrence row that hides the series row; never presented).
 */
export type StoredParticipantStatus = ParticipantStatus | 'removed';

/**
 * Who takes part in a single appointment or a series. A row with `occurrence_key` '' holds for
 * the appointment, or for every occurrence of the series; a row with the key of one occurrence
 * (`yyyyMMddTHHmm` of its original local start, as in its id) overrides it for that occurrence.
 * Modified occurrences keep their participants on the series. `roles` holds the ids of the
 * membership roles through which the member was added, and 'organizer' for the author.
 */
export const appointmentParticipants = pgTable(
  'appointment_participants',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull().default(''),
    membershipId: text('membership_id').notNull(),
    status: text('status').$type<StoredParticipantStatus>().notNull().default('open'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appointment_participants_appointment_member_idx').on(t.appointmentId, t.membershipId, t.occurrenceKey),
    index('appointment_participants_member_idx').on(t.membershipId, t.status),
    index('appointment_participants_appointment_status_idx').on(t.appointmentId, t.occurrenceKey, t.status),
  ],
);

/** What an invite keeps of its appointment once that is deleted, to show in the obsolete tab. */
export type InviteSnapshot = {
  name: string;
  starts_at: string;
  ends_at: string | null;
  all_day: boolean;
  time_zone: string;
  recurring: boolean;
};

/**
 * An invitation of a member to an appointment, a series, or one occurrence of a series
 * (`occurrence_key` as for participants), answered from the invites inbox. 'expired' is not
 * stored: an open invite whose appointment is over (`ends_at` passed) is expired. When the
 * appointment is deleted the invite becomes obsolete, keeps a snapshot and loses the link.
 */
export const appointmentInvites = pgTable(
  'appointment_invites',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    appointmentId: text('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    occurrenceKey: text('occurrence_key').notNull().default(''),
    membershipId: text('membership_id').notNull(),
    authorId: text('author_id'),
    status: text('status').$type<Exclude<InviteStatus, 'expired'>>().notNull().default('open'),
    /** When what the invite is about is over (for a series: its last occurrence); null: never. Kept in step with the appointment. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    snapshot: jsonb('snapshot').$type<InviteSnapshot>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appointment_invites_appointment_member_idx').on(t.appointmentId, t.membershipId, t.occurrenceKey),
    // The inbox tabs: a member's invites of one status, newest first by (created_at, id), the order
    // every kind of invite shares.
    index('appointment_invites_member_status_created_idx').on(t.membershipId, t.status, t.createdAt, t.id),
  ],
);

/** The categories appointments are sorted into; network administrators keep the list. */
export const appointmentCategories = pgTable(
  'appointment_categories',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('appointment_categories_network_label_idx').on(t.networkId, sql`lower(${t.label})`)],
);

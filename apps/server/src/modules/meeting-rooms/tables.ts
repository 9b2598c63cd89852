import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/** A `tstzrange` as PostgreSQL writes it (`["2026-11-21 10:00:00+00","2026-11-21 11:00:00+00")`). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/** An online meeting room of a network that appointments reserve; network administrators keep the list. */
export const meetingRooms = pgTable(
  'meeting_rooms',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    name: text('name').notNull(),
    /** The room's part of its join URL: unguessable, so that only who is told the URL can join. */
    meetingKey: text('meeting_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meeting_rooms_network_name_idx').on(t.networkId, sql`lower(${t.name})`),
    uniqueIndex('meeting_rooms_meeting_key_idx').on(t.meetingKey),
  ],
);

/**
 * The times a room is reserved: one row per appointment, or per occurrence of a series. The
 * exclusion constraint (added in the migration, with btree_gist) refuses two overlapping rows of
 * one room, so a room can never be booked twice, whatever the application checks before.
 */
export const meetingRoomBookings = pgTable(
  'meeting_room_bookings',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    roomId: text('room_id')
      .notNull()
      .references(() => meetingRooms.id, { onDelete: 'cascade' }),
    /** The appointment (single, series or modified occurrence row) that holds the booking. */
    appointmentId: text('appointment_id').notNull(),
    during: tstzrange('during').notNull(),
    createdAt: createdAt(),
  },
  // The exclusion constraint's gist index on (room_id, during) also answers "is the room free".
  (t) => [index('meeting_room_bookings_appointment_idx').on(t.appointmentId)],
);

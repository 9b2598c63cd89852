import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredCalendarType } from '@agora/contracts';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * Calendars of a network: one network calendar (more may be made), one per group, and the
 * personal ones of members. `parent_id` is the group of a group calendar; `owner_id` the
 * membership owning a personal one.
 */
export const calendars = pgTable(
  'calendars',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    type: text('type').$type<StoredCalendarType>().notNull(),
    name: text('name').notNull(),
    /** Hex colour without `#`. */
    color: text('color').notNull(),
    parentId: text('parent_id'),
    ownerId: text('owner_id'),
    authorId: text('author_id'),
    /** The calendar a network or group is made with; it goes only with its network or group. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendars_network_type_idx').on(t.networkId, t.type),
    index('calendars_parent_idx').on(t.parentId),
    index('calendars_owner_idx').on(t.ownerId),
    uniqueIndex('calendars_default_network_idx')
      .on(t.networkId)
      .where(sql`${t.isDefault} and ${t.type} = 'network'`),
    uniqueIndex('calendars_default_group_idx')
      .on(t.parentId)
      .where(sql`${t.isDefault} and ${t.type} = 'group'`),
  ],
);

/** The members a personal calendar is shared with. */
export const calendarShares = pgTable(
  'calendar_shares',
  {
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.calendarId, t.membershipId] }),
    index('calendar_shares_member_idx').on(t.membershipId),
  ],
);

/**
 * Two counters per network, raised in the transaction of every write (see `touch` in
 * service.ts): `version` by writes to its calendars or appointments, `participation_version` by
 * writes to who takes part. Answers computed from those rows (the month sheet) are cached under
 * them: a new version is a new cache key, in every server process, because each one reads the
 * counters from the database. The sheet of all appointments does not depend on who takes part,
 * so an answered invite leaves its cached answers valid; the participating sheet depends on both.
 */
export const calendarVersions = pgTable('calendar_versions', {
  networkId: text('network_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  participationVersion: bigint('participation_version', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { networkIdColumn } from '../../platform/db/columns.ts';

/** Where geocoding a member's address stands: found, not found, or failed (tried again later). */
export type MemberLocationStatus = 'found' | 'not_found' | 'failed';

/** A member's address placed on the map: one row per membership, kept by the geocoding job. */
export const memberLocations = pgTable(
  'member_locations',
  {
    membershipId: text('membership_id').primaryKey(),
    networkId: networkIdColumn(),
    /** The address as geocoded, normalized: a changed address is geocoded again. */
    address: text('address').notNull(),
    status: text('status').$type<MemberLocationStatus>().notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geocodedAt: timestamp('geocoded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_locations_network_idx').on(t.networkId, t.status)],
);

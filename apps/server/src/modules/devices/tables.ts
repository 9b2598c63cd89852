import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn } from '../../platform/db/columns.ts';

/**
 * A device a member receives push notifications on: a browser (Web Push endpoint and keys) or a
 * mobile app (its platform's token), with its own notification settings by category.
 */
export const devices = pgTable(
  'devices',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    membershipId: text('membership_id').notNull(),
    /** `web`, `ios` or `android`. */
    platform: text('platform').notNull(),
    /** The Web Push endpoint URL, or the app's push token. */
    token: text('token').notNull(),
    name: text('name'),
    /** Web Push: the subscription's `p256dh` and `auth` keys. */
    keys: jsonb('keys').$type<Record<string, string>>(),
    /** Notification flags by category (`{category: {flag: boolean}}`); null: the defaults. */
    settings: jsonb('settings').$type<Record<string, Record<string, boolean>>>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_membership_token_idx').on(t.membershipId, t.token),
    index('devices_network_idx').on(t.networkId),
  ],
);

/**
 * Web tokens already exchanged for a web session (`GET /api/v1/web-session`), kept until they
 * expire: shared by every server process, so a token opens one session in all of them together.
 */
export const webTokenRedemptions = pgTable(
  'web_token_redemptions',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('web_token_redemptions_expires_idx').on(t.expiresAt)],
);

import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.ts';
// A foreign key only (no query): an account's factors and codes are removed with it.
// eslint-disable-next-line no-restricted-imports
import { users } from '../accounts/tables.ts';

export const AUTHENTICATION_FACTOR_TYPES = ['totp', 'email'] as const;
export type AuthenticationFactorType = (typeof AUTHENTICATION_FACTOR_TYPES)[number];

/**
 * An activated second factor of an account (a factor is only stored once a code confirmed it).
 * A TOTP factor keeps its secret encrypted; `lastUsedStep` refuses a code of a step already used.
 */
export const authenticationFactors = pgTable(
  'authentication_factors',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AuthenticationFactorType>().notNull(),
    /** TOTP: the base32 secret, encrypted (iv, tag and ciphertext); null for e-mail codes. */
    secretCiphertext: text('secret_ciphertext'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('authentication_factors_user_type_idx').on(t.userId, t.type)],
);

/** One-time backup codes of an account, hashed; a used one keeps `usedAt` and is refused again. */
export const authenticationBackupCodes = pgTable(
  'authentication_backup_codes',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('authentication_backup_codes_user_idx').on(t.userId)],
);

/** A code sent by e-mail (to set up the e-mail factor or to sign in), hashed, short-lived. */
export const authenticationEmailCodes = pgTable(
  'authentication_email_codes',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `setup` (adding the e-mail factor) or `sign_in`. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('authentication_email_codes_user_idx').on(t.userId, t.purpose)],
);

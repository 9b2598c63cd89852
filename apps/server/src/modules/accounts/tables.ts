import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

/** An account: what signs in. Its profile in each network is a membership. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** Authenticates calendar feed URLs, which cannot carry a cookie; made on request. */
    authenticationToken: text('authentication_token'),
    locale: text('locale'),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordSentAt: timestamp('reset_password_sent_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** A new address waiting for its confirmation link (`/users/edit`); the token is hashed. */
    unconfirmedEmail: text('unconfirmed_email'),
    emailConfirmationTokenHash: text('email_confirmation_token_hash'),
    emailConfirmationSentAt: timestamp('email_confirmation_sent_at', { withTimezone: true }),
    /** Mail to the address bounced: notifications stay off until the member activates them again. */
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_authentication_token_idx').on(t.authenticationToken),
    uniqueIndex('users_reset_password_token_idx').on(t.resetPasswordTokenHash),
    uniqueIndex('users_email_confirmation_token_idx').on(t.emailConfirmationTokenHash),
  ],
);

/** A signed-in browser. The cookie holds a random token; only its hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: text('network_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Set when the password was right and a second factor is still to be given: such a session
     * reaches only the two-factor calls until a code clears it.
     */
    secondFactorPendingAt: timestamp('second_factor_pending_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

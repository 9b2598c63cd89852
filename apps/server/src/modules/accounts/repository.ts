import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { sessions, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export function createAccountsRepository(db: Db) {
  // What a request reads when its session is not cached: prepared once per connection.
  const liveSessionQuery = (by: 'token' | 'id') =>
    db
      .select({ session: sessions, locale: users.locale })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          by === 'token' ? eq(sessions.tokenHash, sql.placeholder('key')) : eq(sessions.id, sql.placeholder('key')),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .limit(1)
      .prepare(`accounts_live_session_by_${by}`);
  const byToken = liveSessionQuery('token');
  const byId = liveSessionQuery('id');
  return {
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async userById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    usersByIds(ids: string[]): Promise<Array<Pick<UserRow, 'id' | 'email' | 'locale'>>> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: users.id, email: users.email, locale: users.locale })
        .from(users)
        .where(inArray(users.id, ids));
    },
    /** The accounts of some addresses (lower case): one query. */
    usersByEmails(emails: string[]): Promise<Array<Pick<UserRow, 'id' | 'email'>>> {
      if (emails.length === 0) return Promise.resolve([]);
      return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
    },
    async userByAuthenticationToken(token: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.authenticationToken, token)).limit(1);
      return row;
    },
    async userByResetToken(tokenHash: string, sentAfter: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.resetPasswordTokenHash, tokenHash), gt(users.resetPasswordSentAt, sentAfter)))
        .limit(1);
      return row;
    },
    async insertUsers(rows: NewUserRow[], tx: Db = db): Promise<UserRow[]> {
      return rows.length ? tx.insert(users).values(rows).returning() : [];
    },
    async updateUser(id: string, values: Partial<NewUserRow>, tx: Db = db): Promise<void> {
      await tx.update(users).set(values).where(eq(users.id, id));
    },
    /** Gives the account a language only if it has none; true when it did (a race leaves one winner). */
    async setLocaleIfUnset(id: string, locale: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ locale })
        .where(and(eq(users.id, id), isNull(users.locale)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async insertSession(values: typeof sessions.$inferInsert, tx: Db = db): Promise<SessionRow> {
      const [row] = await tx.insert(sessions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** A live session with its user's locale, in one query. */
    async liveSession(tokenHash: string, now: Date) {
      const [row] = await byToken.execute({ key: tokenHash, now: now.toISOString() });
      return row;
    },
    async liveSessionById(id: string, now: Date) {
      const [row] = await byId.execute({ key: id, now: now.toISOString() });
      return row;
    },
    async touchSession(id: string, now: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    },
    async clearSecondFactorPending(id: string): Promise<void> {
      await db.update(sessions).set({ secondFactorPendingAt: null }).where(eq(sessions.id, id));
    },
    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    /** The ids of the sessions ended. */
    async deleteSessionsOfUser(userId: string): Promise<string[]> {
      const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    /** Of some accounts, those whose address bounced: one query. */
    async bouncedUserIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), isNotNull(users.emailBouncedAt)));
      return new Set(rows.map((r) => r.id));
    },
    async markBounced(ids: string[], at: Date, tx: Db = db): Promise<void> {
      if (ids.length === 0) return;
      await tx.update(users).set({ emailBouncedAt: at }).where(inArray(users.id, ids));
    },
    async userByConfirmationToken(tokenHash: string, sentAfter: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.emailConfirmationTokenHash, tokenHash), gt(users.emailConfirmationSentAt, sentAfter)))
        .limit(1);
      return row;
    },
    /** Ends every session of an account but one (a password changed in that one); their ids. */
    async deleteOtherSessionsOfUser(userId: string, keepId: string): Promise<string[]> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

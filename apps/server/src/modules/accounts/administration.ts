import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { unprocessable } from '../../platform/errors.ts';
import { randomToken, hashToken } from '../../platform/auth/tokens.ts';
import type { MembersService } from '../members/index.ts';
import { escapeLikePattern } from './like.ts';
import { sessions, users } from './tables.ts';

/** How long a link to choose the first password works (the welcome mail): a new member may read it days later. */
export const FIRST_PASSWORD_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export type AccountAdministrationDeps = {
  db: Db;
  members: MembersService;
  publicUrl: string;
  onSessionEnded?: ((sessionId: string) => void) | undefined;
};

/** What the members administration needs of accounts: addresses, first-password links, sessions. */
export function createAccountAdministration(deps: AccountAdministrationDeps) {
  const { db } = deps;
  return {
    /**
     * A new link to set the password, through the password-reset page; `store` writes its token
     * (in the caller's transaction, with the mail that carries it). An account without a
     * password may use it for FIRST_PASSWORD_VALID_MS.
     */
    passwordLink(userId: string): { url: string; store: (tx: Db) => Promise<void> } {
      const token = randomToken();
      const url = `${deps.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}&first=1`;
      return {
        url,
        store: async (tx) => {
          await tx
            .update(users)
            .set({ resetPasswordTokenHash: hashToken(token), resetPasswordSentAt: new Date() })
            .where(eq(users.id, userId));
        },
      };
    },

    /** Accounts by id: address, language and whether a password is set. */
    async accounts(userIds: string[]) {
      if (userIds.length === 0)
        return new Map<string, { email: string; locale: string | null; hasPassword: boolean }>();
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          locale: users.locale,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        })
        .from(users)
        .where(inArray(users.id, [...new Set(userIds)]));
      return new Map(rows.map(({ id, ...rest }) => [id, rest]));
    },

    /** The ids of accounts whose address contains the text (at most `limit`), for the members search. */
    async userIdsByEmail(text: string, limit: number): Promise<string[]> {
      const needle = text.trim().toLowerCase();
      if (!needle) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.email, `%${escapeLikePattern(needle)}%`))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Changes an account's address; 422 `taken` when another account has it. */
    async changeEmail(tx: Db, userId: string, email: string): Promise<void> {
      const normalized = email.trim().toLowerCase();
      const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized)).limit(1);
      if (other && other.id !== userId) throw unprocessable({ email: ['taken'] });
      await tx.update(users).set({ email: normalized, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Ends the account's sessions in one network, and their live connections on every process. */
    async endSessions(networkId: string, userId: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.networkId, networkId)))
        .returning({ id: sessions.id });
      for (const { id } of ended) deps.onSessionEnded?.(id);
      return ended.length;
    },

    /**
     * Removes the account (its sessions go with it) when no membership is left to it; a person
     * who is a member elsewhere keeps signing in there. True when it was removed.
     */
    async removeIfUnused(userId: string): Promise<boolean> {
      const ended = await db.transaction(async (tx) => {
        if ((await deps.members.administration.membershipCountOfUser(userId, tx)) > 0) return null;
        const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
        await tx.delete(users).where(eq(users.id, userId));
        return rows;
      });
      for (const { id } of ended ?? []) deps.onSessionEnded?.(id);
      return ended !== null;
    },
  };
}

import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  authenticationBackupCodes,
  authenticationEmailCodes,
  authenticationFactors,
  type AuthenticationFactorType,
} from './tables.ts';

export type FactorRow = typeof authenticationFactors.$inferSelect;
export type EmailCodeRow = typeof authenticationEmailCodes.$inferSelect;
export type EmailCodePurpose = 'setup' | 'sign_in';

export function createTwoFactorRepository(db: Db) {
  return {
    factorsOf(userId: string, tx: Db = db): Promise<FactorRow[]> {
      return tx
        .select()
        .from(authenticationFactors)
        .where(eq(authenticationFactors.userId, userId))
        .orderBy(authenticationFactors.createdAt);
    },
    async hasFactor(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: authenticationFactors.id })
        .from(authenticationFactors)
        .where(eq(authenticationFactors.userId, userId))
        .limit(1);
      return !!row;
    },
    async insertFactor(values: typeof authenticationFactors.$inferInsert, tx: Db): Promise<FactorRow> {
      const [row] = await tx.insert(authenticationFactors).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** Takes the step of a TOTP code only if no code of it (or a later step) was taken: once, also in a race. */
    async takeTotpStep(factorId: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(authenticationFactors)
        .set({ lastUsedStep: step, lastUsedAt: now })
        .where(
          and(
            eq(authenticationFactors.id, factorId),
            or(isNull(authenticationFactors.lastUsedStep), lt(authenticationFactors.lastUsedStep, step)),
          ),
        )
        .returning({ id: authenticationFactors.id });
      return rows.length > 0;
    },
    async markFactorUsed(factorId: string, now: Date): Promise<void> {
      await db.update(authenticationFactors).set({ lastUsedAt: now }).where(eq(authenticationFactors.id, factorId));
    },
    async deleteFactor(factorId: string, tx: Db): Promise<void> {
      await tx.delete(authenticationFactors).where(eq(authenticationFactors.id, factorId));
    },
    async deleteEverything(userId: string, tx: Db): Promise<number> {
      const removed = await tx
        .delete(authenticationFactors)
        .where(eq(authenticationFactors.userId, userId))
        .returning({ id: authenticationFactors.id });
      await tx.delete(authenticationBackupCodes).where(eq(authenticationBackupCodes.userId, userId));
      await tx.delete(authenticationEmailCodes).where(eq(authenticationEmailCodes.userId, userId));
      return removed.length;
    },

    /** Replaces the account's backup codes. */
    async replaceBackupCodes(userId: string, hashes: string[], tx: Db): Promise<void> {
      await tx.delete(authenticationBackupCodes).where(eq(authenticationBackupCodes.userId, userId));
      if (hashes.length)
        await tx.insert(authenticationBackupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },
    async deleteBackupCodes(userId: string, tx: Db): Promise<void> {
      await tx.delete(authenticationBackupCodes).where(eq(authenticationBackupCodes.userId, userId));
    },
    /** Uses an unused backup code: true once, false ever after (also in a race). */
    async useBackupCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authenticationBackupCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(authenticationBackupCodes.userId, userId),
            eq(authenticationBackupCodes.codeHash, codeHash),
            isNull(authenticationBackupCodes.usedAt),
          ),
        )
        .returning({ id: authenticationBackupCodes.id });
      return rows.length > 0;
    },
    async unusedBackupCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(authenticationBackupCodes)
        .where(and(eq(authenticationBackupCodes.userId, userId), isNull(authenticationBackupCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    /** A new e-mailed code replaces the account's earlier ones of that purpose. */
    async insertEmailCode(
      values: { userId: string; purpose: EmailCodePurpose; codeHash: string; expiresAt: Date },
      tx: Db,
    ): Promise<void> {
      await tx
        .delete(authenticationEmailCodes)
        .where(
          and(eq(authenticationEmailCodes.userId, values.userId), eq(authenticationEmailCodes.purpose, values.purpose)),
        );
      await tx.insert(authenticationEmailCodes).values(values);
    },
    /** The account's live code of that purpose: unused, not expired, attempts left. */
    async liveEmailCode(userId: string, purpose: EmailCodePurpose, now: Date, maxAttempts: number) {
      const [row] = await db
        .select()
        .from(authenticationEmailCodes)
        .where(
          and(
            eq(authenticationEmailCodes.userId, userId),
            eq(authenticationEmailCodes.purpose, purpose),
            isNull(authenticationEmailCodes.usedAt),
            gt(authenticationEmailCodes.expiresAt, now),
            lt(authenticationEmailCodes.attempts, maxAttempts),
          ),
        )
        .orderBy(desc(authenticationEmailCodes.createdAt))
        .limit(1);
      return row;
    },
    async countEmailCodeAttempt(id: string): Promise<void> {
      await db
        .update(authenticationEmailCodes)
        .set({ attempts: sql`${authenticationEmailCodes.attempts} + 1` })
        .where(eq(authenticationEmailCodes.id, id));
    },
    /** Uses a code once (also in a race). */
    async useEmailCode(id: string, now: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(authenticationEmailCodes)
        .set({ usedAt: now })
        .where(and(eq(authenticationEmailCodes.id, id), isNull(authenticationEmailCodes.usedAt)))
        .returning({ id: authenticationEmailCodes.id });
      return rows.length > 0;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
export type { AuthenticationFactorType };

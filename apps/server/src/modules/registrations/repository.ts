import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { registrations, type RegistrationStatus } from './tables.ts';

export type RegistrationRow = typeof registrations.$inferSelect;
export type NewRegistration = Pick<
  typeof registrations.$inferInsert,
  'networkId' | 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'locale' | 'profile'
>;

/** The only file of this module that reads and writes its table. */
export function createRegistrationsRepository(db: Db) {
  return {
    /** A pending registration, or null when one with the address waits already (the unique index). */
    async insertPending(tx: Db, row: NewRegistration): Promise<RegistrationRow | null> {
      const [inserted] = await tx.insert(registrations).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async pendingWithEmail(networkId: string, email: string): Promise<RegistrationRow | null> {
      const [row] = await db
        .select()
        .from(registrations)
        .where(
          and(
            eq(registrations.networkId, networkId),
            eq(registrations.status, 'pending'),
            sql`lower(${registrations.email}) = ${email.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async byId(networkId: string, id: string): Promise<RegistrationRow | null> {
      const [row] = await db
        .select()
        .from(registrations)
        .where(and(eq(registrations.networkId, networkId), eq(registrations.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** A page of one status, newest first (pending ones oldest first: who waits longest comes first). */
    async page(networkId: string, status: RegistrationStatus, limit: number, offset: number) {
      const where = and(eq(registrations.networkId, networkId), eq(registrations.status, status));
      const order =
        status === 'pending'
          ? [registrations.createdAt, registrations.id]
          : [desc(registrations.createdAt), desc(registrations.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(registrations)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(registrations).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Decides a pending registration; null when it was decided meanwhile. */
    async decide(
      tx: Db,
      id: string,
      decision: { status: 'approved' | 'rejected'; decidedById: string; membershipId?: string | null },
    ): Promise<RegistrationRow | null> {
      const now = new Date();
      const [row] = await tx
        .update(registrations)
        .set({
          status: decision.status,
          decidedById: decision.decidedById,
          decidedAt: now,
          membershipId: decision.membershipId ?? null,
          updatedAt: now,
        })
        .where(and(eq(registrations.id, id), eq(registrations.status, 'pending')))
        .returning();
      return row ?? null;
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;

import { and, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { effectiveWhere, type ParticipationScope } from '../participation/index.ts';
import { appointmentParticipants, type StoredParticipantStatus } from '../tables.ts';

const p = appointmentParticipants;

export function createOrganiserRepository(db: Db) {
  return {
    /** Who takes part in a scope with which status (removed ones aside), the actor left out: one query. */
    participantStatuses(
      scope: ParticipationScope,
      exceptId: string,
    ): Promise<Array<{ membershipId: string; status: StoredParticipantStatus }>> {
      return db
        .select({ membershipId: p.membershipId, status: p.status })
        .from(p)
        .where(and(effectiveWhere(scope), ne(p.membershipId, exceptId)));
    },

    /** Whether a scope has anyone taking part (the exports' precondition). */
    async hasParticipants(scope: ParticipationScope): Promise<boolean> {
      const [row] = await db.select({ id: p.id }).from(p).where(effectiveWhere(scope)).limit(1);
      return !!row;
    },

    /** The accepted and invited participants of a scope, to tell them of a cancelation. */
    async toNotify(scope: ParticipationScope): Promise<string[]> {
      const rows = await db
        .select({ membershipId: p.membershipId, status: p.status })
        .from(p)
        .where(and(effectiveWhere(scope), ne(p.status, 'declined'), ne(p.status, 'rejected')));
      return rows.map((r) => r.membershipId);
    },
  };
}

export type OrganiserRepository = ReturnType<typeof createOrganiserRepository>;

import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { DigestKind } from './slots.ts';
import { digestDeliveries } from './tables.ts';

export function createDigestDeliveriesRepository(db: Db) {
  return {
    /** When each of some members' last mail of the kind went out (its window's end): one query. */
    async lastSent(kind: DigestKind, membershipIds: string[]): Promise<Map<string, Date>> {
      if (membershipIds.length === 0) return new Map();
      const rows = await db
        .select({ membershipId: digestDeliveries.membershipId, sentAt: max(digestDeliveries.sentAt) })
        .from(digestDeliveries)
        .where(and(eq(digestDeliveries.kind, kind), inArray(digestDeliveries.membershipId, membershipIds)))
        .groupBy(digestDeliveries.membershipId);
      return new Map(rows.flatMap((r) => (r.sentAt ? [[r.membershipId, new Date(r.sentAt)]] : [])));
    },

    /** Of some members, those whose mail of this slot has gone out already. */
    async delivered(kind: DigestKind, period: string, membershipIds: string[]): Promise<Set<string>> {
      if (membershipIds.length === 0) return new Set();
      const rows = await db
        .select({ membershipId: digestDeliveries.membershipId })
        .from(digestDeliveries)
        .where(
          and(
            eq(digestDeliveries.kind, kind),
            eq(digestDeliveries.period, period),
            inArray(digestDeliveries.membershipId, membershipIds),
          ),
        );
      return new Set(rows.map((r) => r.membershipId));
    },

    /**
     * Takes the slot for these members in `tx`: answers those it was free for (another process
     * may have taken some), so that each member's mail of a slot is queued once.
     */
    async claim(
      tx: Db,
      input: { networkId: string; kind: DigestKind; period: string; sentAt: Date; membershipIds: string[] },
    ): Promise<Set<string>> {
      if (input.membershipIds.length === 0) return new Set();
      const rows = await tx
        .insert(digestDeliveries)
        .values(
          input.membershipIds.map((membershipId) => ({
            membershipId,
            networkId: input.networkId,
            kind: input.kind,
            period: input.period,
            sentAt: input.sentAt,
          })),
        )
        .onConflictDoNothing()
        .returning({ membershipId: digestDeliveries.membershipId });
      return new Set(rows.map((r) => r.membershipId));
    },
  };
}

export type DigestDeliveriesRepository = ReturnType<typeof createDigestDeliveriesRepository>;

import { and, eq, or, sql } from 'drizzle-orm';
import type { PresenceType } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { chatProfiles, chats } from './tables.ts';

/** A member's chosen presence; members who never chose one are online without a text. */
export type ChosenStatus = { type: PresenceType; text: string };
export const DEFAULT_STATUS: ChosenStatus = { type: 'online', text: '' };

export function createPresenceRepository(db: Db) {
  return {
    async status(networkId: string, membershipId: string): Promise<ChosenStatus> {
      const [row] = await db
        .select({ type: chatProfiles.statusType, text: chatProfiles.statusText })
        .from(chatProfiles)
        .where(and(eq(chatProfiles.networkId, networkId), eq(chatProfiles.membershipId, membershipId)))
        .limit(1);
      return row ?? DEFAULT_STATUS;
    },

    /** The chosen statuses of these members that differ from the default, by member. */
    async statuses(networkId: string, membershipIds: string[]): Promise<Map<string, ChosenStatus>> {
      if (membershipIds.length === 0) return new Map();
      const rows = await db
        .select({ id: chatProfiles.membershipId, type: chatProfiles.statusType, text: chatProfiles.statusText })
        .from(chatProfiles)
        .where(
          and(
            eq(chatProfiles.networkId, networkId),
            // One array parameter, however many members are online.
            sql`${chatProfiles.membershipId} = any(${sql.param(membershipIds)}::text[])`,
          ),
        );
      return new Map(rows.map((r) => [r.id, { type: r.type, text: r.text }]));
    },

    /** The partners of the member's direct chats: the members whose chat list shows the member's presence. */
    async partners(networkId: string, membershipId: string): Promise<string[]> {
      const rows = await db
        .select({ a: chats.memberA, b: chats.memberB })
        .from(chats)
        .where(
          and(eq(chats.networkId, networkId), or(eq(chats.memberA, membershipId), eq(chats.memberB, membershipId))),
        );
      const ids = new Set<string>();
      for (const { a, b } of rows) {
        const partner = a === membershipId ? b : a;
        if (partner && partner !== membershipId) ids.add(partner);
      }
      return [...ids];
    },

    async save(networkId: string, membershipId: string, status: ChosenStatus): Promise<ChosenStatus> {
      const now = new Date();
      const [row] = await db
        .insert(chatProfiles)
        .values({ networkId, membershipId, statusType: status.type, statusText: status.text, updatedAt: now })
        .onConflictDoUpdate({
          target: chatProfiles.membershipId,
          set: { statusType: status.type, statusText: status.text, updatedAt: now },
        })
        .returning({ type: chatProfiles.statusType, text: chatProfiles.statusText });
      return row!;
    },
  };
}

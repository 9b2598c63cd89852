import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { memberSettings } from './tables.ts';

export function createMemberSettingsRepository(db: Db) {
  return {
    /** The stored settings of some members (none stored: the defaults apply): one query. */
    async storedOf(membershipIds: string[]): Promise<Map<string, Record<string, unknown>>> {
      if (membershipIds.length === 0) return new Map();
      const rows = await db
        .select({ membershipId: memberSettings.membershipId, settings: memberSettings.settings })
        .from(memberSettings)
        .where(inArray(memberSettings.membershipId, membershipIds));
      return new Map(rows.map((r) => [r.membershipId, r.settings]));
    },
    async save(tx: Db, networkId: string, membershipId: string, settings: Record<string, unknown>): Promise<void> {
      await tx
        .insert(memberSettings)
        .values({ membershipId, networkId, settings })
        .onConflictDoUpdate({ target: memberSettings.membershipId, set: { settings, updatedAt: sql`now()` } });
    },
  };
}

export type MemberSettingsRepository = ReturnType<typeof createMemberSettingsRepository>;

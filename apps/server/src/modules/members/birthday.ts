import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { memberships } from './tables.ts';

/** Members' birthdays ('YYYY-MM-DD'); the profile editor will set them, seeds and imports do now. */
export function createMemberBirthdays(db: Db) {
  return {
    async setBirthday(networkId: string, membershipId: string, birthday: string | null) {
      const [row] = await db
        .update(memberships)
        .set({ birthday, updatedAt: new Date() })
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, membershipId)))
        .returning();
      return row;
    },
  };
}

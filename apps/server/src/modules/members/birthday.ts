import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { activeMemberOf } from './mail-recipients.ts';
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
    /**
     * Members (not locked, not deleted, who sign in) whose birthday is on `day` (UTC); on Feb 28
     * of a year without Feb 29 also those born on Feb 29.
     */
    async birthdayChildren(networkId: string, day: Date) {
      const month = day.getUTCMonth() + 1;
      const date = day.getUTCDate();
      const year = day.getUTCFullYear();
      const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
      const dates = month === 2 && date === 28 && !leap ? [28, 29] : [date];
      return db
        .select({ id: memberships.id, firstName: memberships.firstName })
        .from(memberships)
        .where(
          and(
            activeMemberOf(networkId),
            sql`extract(month from ${memberships.birthday}) = ${month}`,
            sql`extract(day from ${memberships.birthday}) in (${sql.join(
              dates.map((d) => sql`${d}`),
              sql`, `,
            )})`,
          ),
        );
    },
  };
}

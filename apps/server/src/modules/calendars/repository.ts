import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { calendars, calendarShares, calendarVersions } from './tables.ts';

export type CalendarRow = typeof calendars.$inferSelect;
export type NewCalendarRow = typeof calendars.$inferInsert;
export type CalendarsRepository = ReturnType<typeof createCalendarsRepository>;
/** A calendar with whether it is shared with the member asking. */
export type CalendarWithShare = { calendar: CalendarRow; sharedWithActor: boolean };
/** The network's counters that cached answers are keyed by (see calendarVersions). */
export type CalendarVersions = { version: number; participationVersion: number };
/** What a write changed: the calendars and appointments, or who takes part. */
export type VersionedPart = 'calendars' | 'participation';

export function createCalendarsRepository(db: Db) {
  const sharedWith = (membershipId: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(calendarShares)
        .where(and(eq(calendarShares.calendarId, calendars.id), eq(calendarShares.membershipId, membershipId))),
    );

  /** The network's and the groups' calendars (the policy decides on each with its group), the member's own and those shared with them. */
  const candidateWhere = (networkId: string, membershipId: string) =>
    and(
      eq(calendars.networkId, networkId),
      or(
        inArray(calendars.type, ['network', 'group']),
        and(eq(calendars.type, 'personal'), or(eq(calendars.ownerId, membershipId), sharedWith(membershipId))),
      ),
    );
  const counterOf = (
    networkId: string,
    column: typeof calendarVersions.version | typeof calendarVersions.participationVersion,
  ) =>
    sql<number>`coalesce((select ${column} from ${calendarVersions} where ${calendarVersions.networkId} = ${networkId}), 0)`.mapWith(
      Number,
    );
  const versionsOf = (networkId: string) => ({
    version: counterOf(networkId, calendarVersions.version),
    participationVersion: counterOf(networkId, calendarVersions.participationVersion),
  });
  async function versions(networkId: string): Promise<CalendarVersions> {
    const [row] = await db
      .select({ version: calendarVersions.version, participationVersion: calendarVersions.participationVersion })
      .from(calendarVersions)
      .where(eq(calendarVersions.networkId, networkId));
    return row ?? { version: 0, participationVersion: 0 };
  }
  const versionsIn = (
    found: Array<{ version: number; participationVersion: number }>,
    networkId: string,
  ): Promise<CalendarVersions> | CalendarVersions =>
    found[0] ? { version: found[0].version, participationVersion: found[0].participationVersion } : versions(networkId);

  return {
    /** The calendars a member may possibly read, in one query. */
    candidatesFor(networkId: string, membershipId: string): Promise<CalendarWithShare[]> {
      return db
        .select({ calendar: calendars, sharedWithActor: sql<boolean>`${sharedWith(membershipId)}` })
        .from(calendars)
        .where(candidateWhere(networkId, membershipId))
        .orderBy(asc(calendars.id));
    },
    /**
     * candidatesFor and the network's calendar version, read in the same statement (one
     * snapshot): the rows are at least as new as the version, never older.
     */
    async candidatesWithVersion(
      networkId: string,
      membershipId: string,
    ): Promise<{ rows: CalendarWithShare[]; versions: CalendarVersions }> {
      const found = await db
        .select({
          calendar: calendars,
          sharedWithActor: sql<boolean>`${sharedWith(membershipId)}`,
          ...versionsOf(networkId),
        })
        .from(calendars)
        .where(candidateWhere(networkId, membershipId))
        .orderBy(asc(calendars.id));
      // A network without any calendar has nothing to show; its versions are asked for alone.
      return {
        rows: found.map(({ calendar, sharedWithActor }) => ({ calendar, sharedWithActor })),
        versions: await versionsIn(found, networkId),
      };
    },
    /**
     * Some calendars of a network by id (see byIds) and the network's calendar version, in one
     * statement (one snapshot, as candidatesWithVersion).
     */
    async byIdsWithVersion(
      networkId: string,
      membershipId: string,
      ids: string[],
    ): Promise<{ rows: CalendarWithShare[]; versions: CalendarVersions }> {
      const found =
        ids.length === 0
          ? []
          : await db
              .select({
                calendar: calendars,
                sharedWithActor: sql<boolean>`${sharedWith(membershipId)}`,
                ...versionsOf(networkId),
              })
              .from(calendars)
              .where(and(eq(calendars.networkId, networkId), inArray(calendars.id, ids)));
      return {
        rows: found.map(({ calendar, sharedWithActor }) => ({ calendar, sharedWithActor })),
        versions: await versionsIn(found, networkId),
      };
    },
    /**
     * Raises one of the network's versions (`calendars`: its calendars and appointments;
     * `participation`: who takes part), in the caller's transaction (it commits with the write).
     */
    async touch(tx: Db, networkId: string, part: VersionedPart = 'calendars'): Promise<void> {
      const column = part === 'calendars' ? calendarVersions.version : calendarVersions.participationVersion;
      await tx
        .insert(calendarVersions)
        .values(part === 'calendars' ? { networkId, version: 1 } : { networkId, participationVersion: 1 })
        .onConflictDoUpdate({
          target: calendarVersions.networkId,
          set:
            part === 'calendars'
              ? { version: sql`${column} + 1`, updatedAt: sql`now()` }
              : { participationVersion: sql`${column} + 1`, updatedAt: sql`now()` },
        });
    },
    /**
     * The calendars any of some members may possibly read (candidatesFor for many at once), each
     * with those of them it is shared with: one query however many members.
     */
    candidatesForMembers(
      networkId: string,
      membershipIds: string[],
    ): Promise<Array<{ calendar: CalendarRow; sharedWith: string[] }>> {
      const ids = sql.param([...new Set(membershipIds)]);
      return db
        .select({
          calendar: calendars,
          sharedWith: sql<
            string[]
          >`array(select ${calendarShares.membershipId} from ${calendarShares} where ${calendarShares.calendarId} = ${calendars.id} and ${calendarShares.membershipId} = any(${ids}::text[]))`,
        })
        .from(calendars)
        .where(
          and(
            eq(calendars.networkId, networkId),
            or(
              inArray(calendars.type, ['network', 'group']),
              and(
                eq(calendars.type, 'personal'),
                or(
                  sql`${calendars.ownerId} = any(${ids}::text[])`,
                  sql`exists (select 1 from ${calendarShares} where ${calendarShares.calendarId} = ${calendars.id} and ${calendarShares.membershipId} = any(${ids}::text[]))`,
                ),
              ),
            ),
          ),
        )
        .orderBy(asc(calendars.id));
    },
    /** Some calendars of a network by id, with whether each is shared with the member: one query. */
    async byIds(networkId: string, membershipId: string, ids: string[]): Promise<CalendarWithShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({ calendar: calendars, sharedWithActor: sql<boolean>`${sharedWith(membershipId)}` })
        .from(calendars)
        .where(and(eq(calendars.networkId, networkId), inArray(calendars.id, ids)));
    },
    /** The share recipients of some calendars, keyed by calendar id: one query. */
    async sharesOf(calendarIds: string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (calendarIds.length === 0) return result;
      const rows = await db
        .select({ calendarId: calendarShares.calendarId, membershipId: calendarShares.membershipId })
        .from(calendarShares)
        .where(inArray(calendarShares.calendarId, calendarIds))
        .orderBy(asc(calendarShares.createdAt), asc(calendarShares.membershipId));
      for (const row of rows) {
        const list = result.get(row.calendarId) ?? [];
        list.push(row.membershipId);
        result.set(row.calendarId, list);
      }
      return result;
    },
    /** Calendars with their shares, in the caller's transaction. */
    async insert(tx: Db, rows: NewCalendarRow[], shares: Array<{ index: number; membershipIds: string[] }> = []) {
      if (rows.length === 0) return [];
      const created = await tx.insert(calendars).values(rows).returning();
      const shareRows = shares.flatMap(({ index, membershipIds }) =>
        membershipIds.map((membershipId) => ({
          calendarId: created[index]!.id,
          membershipId,
          networkId: created[index]!.networkId,
        })),
      );
      if (shareRows.length > 0) await tx.insert(calendarShares).values(shareRows);
      return created;
    },
    /**
     * The default calendars of a network or its groups, those missing only (the unique indexes
     * on defaults make a second call, or two at once, add nothing).
     */
    async insertDefaults(tx: Db, rows: NewCalendarRow[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(calendars).values(rows).onConflictDoNothing();
    },
    async hasDefaultNetworkCalendar(networkId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: calendars.id })
        .from(calendars)
        .where(and(eq(calendars.networkId, networkId), eq(calendars.type, 'network'), eq(calendars.isDefault, true)))
        .limit(1);
      return !!row;
    },
    /** The groups of a network that have their default calendar. */
    async groupsWithDefault(networkId: string): Promise<Set<string>> {
      const rows = await db
        .select({ parentId: calendars.parentId })
        .from(calendars)
        .where(and(eq(calendars.networkId, networkId), eq(calendars.type, 'group'), eq(calendars.isDefault, true)));
      return new Set(rows.map((r) => r.parentId!));
    },
    async update(tx: Db, id: string, values: Pick<NewCalendarRow, 'name' | 'color'>): Promise<CalendarRow> {
      const [row] = await tx
        .update(calendars)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(calendars.id, id))
        .returning();
      if (!row) throw new Error(`No calendar ${id}`);
      return row;
    },
    /** Makes the calendar's recipients exactly these. */
    async replaceShares(tx: Db, calendar: CalendarRow, membershipIds: string[]): Promise<void> {
      const current = new Set(
        (
          await tx
            .select({ membershipId: calendarShares.membershipId })
            .from(calendarShares)
            .where(eq(calendarShares.calendarId, calendar.id))
        ).map((r) => r.membershipId),
      );
      const wanted = new Set(membershipIds);
      const removed = [...current].filter((id) => !wanted.has(id));
      const added = [...wanted].filter((id) => !current.has(id));
      if (removed.length > 0) {
        await tx
          .delete(calendarShares)
          .where(and(eq(calendarShares.calendarId, calendar.id), inArray(calendarShares.membershipId, removed)));
      }
      if (added.length > 0) {
        await tx
          .insert(calendarShares)
          .values(
            added.map((membershipId) => ({ calendarId: calendar.id, membershipId, networkId: calendar.networkId })),
          )
          .onConflictDoNothing();
      }
    },
    /** Whether a share was there to remove. */
    async deleteShare(tx: Db, calendarId: string, membershipId: string): Promise<boolean> {
      const rows = await tx
        .delete(calendarShares)
        .where(and(eq(calendarShares.calendarId, calendarId), eq(calendarShares.membershipId, membershipId)))
        .returning({ calendarId: calendarShares.calendarId });
      return rows.length > 0;
    },
    async delete(tx: Db, id: string): Promise<void> {
      await tx.delete(calendars).where(eq(calendars.id, id));
    },
    /** Deletes a group's calendars (its default too) and answers what was deleted. */
    async deleteOfGroup(tx: Db, networkId: string, groupId: string): Promise<CalendarRow[]> {
      return tx
        .delete(calendars)
        .where(and(eq(calendars.networkId, networkId), eq(calendars.type, 'group'), eq(calendars.parentId, groupId)))
        .returning();
    },
    transaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(run);
    },
  };
}

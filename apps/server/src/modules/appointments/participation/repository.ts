import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ParticipantStatus } from '@agora/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { MembersService } from '../../members/index.ts';
import { appointmentInvites, appointmentParticipants, appointments, type StoredParticipantStatus } from '../tables.ts';

export type ParticipantRow = typeof appointmentParticipants.$inferSelect;
export type InviteRow = typeof appointmentInvites.$inferSelect;

/** Where participation is read and written: a single appointment or series (key '') or one occurrence of a series. */
export type ParticipationScope = { ownerId: string; key: string };

/** A participant with what lists show of the member, from one statement. */
export type ParticipantListRow = {
  id: string;
  status: StoredParticipantStatus;
  roles: string[];
  membershipId: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  profileImageId: string | null;
  isExternal: boolean;
  kind: string;
  /** The number of all matches of the page's filter. */
  total: number;
  /** Of all matches: the accepted, the declined (or rejected), the invited (or open). */
  matching: { accepted: number; declined: number; invited: number };
};

export type ParticipantFilter = {
  /** Lower-cased words each of which must begin a word of the member's names. */
  terms: string[];
  statuses: ParticipantStatus[] | null;
  consumersOnly?: boolean;
  membershipId?: string;
  limit: number;
  offset: number;
};

const p = appointmentParticipants;

/** `%` and `_` typed by a member are meant literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The effective participants of a scope: for an occurrence, its own rows and the series rows of
 * members without a row of the occurrence; 'removed' rows hide, and are never answered.
 */
export function effectiveWhere(scope: ParticipationScope): SQL {
  const base = and(eq(p.appointmentId, scope.ownerId), ne(p.status, 'removed'))!;
  if (scope.key === '') return and(base, eq(p.occurrenceKey, ''))!;
  return and(
    base,
    or(
      eq(p.occurrenceKey, scope.key),
      and(
        eq(p.occurrenceKey, ''),
        // The inner table is aliased, so the outer one's name below means the outer row.
        sql`not exists (select 1 from ${appointmentParticipants} override where override.appointment_id = ${p.appointmentId} and override.membership_id = ${p.membershipId} and override.occurrence_key = ${scope.key})`,
      ),
    ),
  )!;
}

/** accepted, then declined or rejected, then no answer: the list order of the spec. */
const statusRank = sql`case ${p.status} when 'accepted' then 0 when 'declined' then 1 when 'rejected' then 1 else 2 end`;

export function createParticipationRepository(db: Db, members: Pick<MembersService, 'namesSubquery'>) {
  return {
    /**
     * Locks the owner appointment's row until the transaction ends: answers that count places
     * queue here, so two members cannot both take the last one.
     */
    async lockOwner(tx: Db, ownerId: string): Promise<void> {
      await tx.execute(
        sql`select ${appointments.id} from ${appointments} where ${appointments.id} = ${ownerId} for update`,
      );
    },

    /** A page of the effective participants in list order, with the number of all matches: one statement. */
    async page(networkId: string, scope: ParticipationScope, filter: ParticipantFilter): Promise<ParticipantListRow[]> {
      const m = members.namesSubquery(networkId);
      const conditions: SQL[] = [effectiveWhere(scope)];
      if (filter.statuses) conditions.push(inArray(p.status, filter.statuses));
      if (filter.consumersOnly) conditions.push(eq(m.kind, 'consumer'));
      if (filter.membershipId) conditions.push(eq(p.membershipId, filter.membershipId));
      for (const term of filter.terms) conditions.push(sql`${m.searchName} like ${`% ${escapeLike(term)}%`}`);
      return db
        .select({
          id: p.id,
          status: p.status,
          roles: p.roles,
          membershipId: p.membershipId,
          firstName: m.firstName,
          lastName: m.lastName,
          displayName: m.displayName,
          profileImageId: m.profileImageId,
          isExternal: m.isExternal,
          kind: m.kind,
          total: sql<number>`count(*) over ()`.mapWith(Number),
          // Counted with the page: the detail's counts need no statement of their own.
          accepted: sql<number>`count(*) filter (where ${p.status} = 'accepted') over ()`.mapWith(Number),
          declined: sql<number>`count(*) filter (where ${p.status} in ('declined', 'rejected')) over ()`.mapWith(
            Number,
          ),
          invited: sql<number>`count(*) filter (where ${p.status} in ('invited', 'open')) over ()`.mapWith(Number),
        })
        .from(p)
        .innerJoin(m, eq(m.id, p.membershipId))
        .where(and(...conditions))
        .orderBy(statusRank, asc(sql`lower(${m.lastName})`), asc(sql`lower(${m.firstName})`), asc(p.id))
        .limit(filter.limit)
        .offset(filter.offset)
        .then((rows) =>
          rows.map(({ accepted, declined, invited, ...row }) => ({
            ...row,
            matching: { accepted, declined, invited },
          })),
        );
    },

    /** Effective participants by status: one statement. */
    async counts(scope: ParticipationScope, tx: Db = db): Promise<Map<StoredParticipantStatus, number>> {
      const rows = await tx
        .select({ status: p.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(p)
        .where(effectiveWhere(scope))
        .groupBy(p.status);
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    /** Accepted participants of the scope other than one member. */
    async acceptedOthers(tx: Db, scope: ParticipationScope, membershipId: string): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(p)
        .where(and(effectiveWhere(scope), eq(p.status, 'accepted'), ne(p.membershipId, membershipId)));
      return row?.n ?? 0;
    },

    /** Some members' effective rows in a scope. */
    async effectiveOf(scope: ParticipationScope, membershipIds: string[], tx: Db = db): Promise<ParticipantRow[]> {
      if (membershipIds.length === 0) return [];
      return tx
        .select()
        .from(p)
        .where(and(effectiveWhere(scope), inArray(p.membershipId, membershipIds)));
    },

    async findRow(ownerId: string, id: string): Promise<ParticipantRow | undefined> {
      const [row] = await db
        .select()
        .from(p)
        .where(and(eq(p.appointmentId, ownerId), eq(p.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Writes members' rows of one scope: new ones are inserted, existing ones take the status
     * (a 'removed' occurrence row comes back) and gain the roles they were added through.
     */
    async upsert(
      tx: Db,
      networkId: string,
      scope: ParticipationScope,
      entries: Array<{ membershipId: string; status: StoredParticipantStatus; roles?: string[] }>,
    ): Promise<void> {
      if (entries.length === 0) return;
      await tx
        .insert(p)
        .values(
          entries.map((e) => ({
            id: newId(),
            networkId,
            appointmentId: scope.ownerId,
            occurrenceKey: scope.key,
            membershipId: e.membershipId,
            status: e.status,
            roles: e.roles ?? [],
          })),
        )
        .onConflictDoUpdate({
          target: [p.appointmentId, p.membershipId, p.occurrenceKey],
          set: {
            status: sql`excluded.status`,
            roles: sql`(select coalesce(jsonb_agg(distinct r), '[]'::jsonb) from jsonb_array_elements_text(${p.roles} || excluded.roles) r)`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** A member's rows of single occurrences of a series (answering for all of them drops them). */
    async deleteOverrides(tx: Db, ownerId: string, membershipId: string): Promise<void> {
      await tx
        .delete(p)
        .where(and(eq(p.appointmentId, ownerId), eq(p.membershipId, membershipId), ne(p.occurrenceKey, '')));
    },

    /** The member's participation in the appointment or series, its occurrences' rows included. */
    async deleteMember(tx: Db, ownerId: string, membershipId: string): Promise<void> {
      await tx.delete(p).where(and(eq(p.appointmentId, ownerId), eq(p.membershipId, membershipId)));
    },

    /** A member's invites of an appointment or series for some occurrence keys ('' the whole). */
    async invitesOf(ownerId: string, membershipId: string, keys: string[]): Promise<InviteRow[]> {
      return db
        .select()
        .from(appointmentInvites)
        .where(
          and(
            eq(appointmentInvites.appointmentId, ownerId),
            eq(appointmentInvites.membershipId, membershipId),
            inArray(appointmentInvites.occurrenceKey, keys),
          ),
        );
    },

    /** Moves a member's live invite of a scope to the answer ('open': no answer again). */
    async answerInvite(
      tx: Db,
      scope: ParticipationScope,
      membershipId: string,
      status: 'open' | 'accepted' | 'declined',
      at: Date,
    ): Promise<void> {
      await tx
        .update(appointmentInvites)
        .set({ status, answeredAt: status === 'open' ? null : at, updatedAt: at })
        .where(
          and(
            eq(appointmentInvites.appointmentId, scope.ownerId),
            eq(appointmentInvites.occurrenceKey, scope.key),
            eq(appointmentInvites.membershipId, membershipId),
            ne(appointmentInvites.status, 'obsolete'),
          ),
        );
    },

    /** A removed participant's open invites of a scope are moot. */
    async obsoleteOpenInvites(
      tx: Db,
      scope: ParticipationScope,
      membershipId: string,
      allKeys: boolean,
    ): Promise<void> {
      await tx
        .update(appointmentInvites)
        .set({ status: 'obsolete', updatedAt: new Date() })
        .where(
          and(
            eq(appointmentInvites.appointmentId, scope.ownerId),
            allKeys ? undefined : eq(appointmentInvites.occurrenceKey, scope.key),
            eq(appointmentInvites.membershipId, membershipId),
            eq(appointmentInvites.status, 'open'),
          ),
        );
    },

    /** Invites members to a scope; an earlier invite of theirs is opened again. */
    async invite(
      tx: Db,
      networkId: string,
      scope: ParticipationScope,
      membershipIds: string[],
      authorId: string,
      endsAt: Date | null,
    ): Promise<void> {
      if (membershipIds.length === 0) return;
      const now = new Date();
      await tx
        .insert(appointmentInvites)
        .values(
          membershipIds.map((membershipId) => ({
            id: newId(),
            networkId,
            appointmentId: scope.ownerId,
            occurrenceKey: scope.key,
            membershipId,
            authorId,
            status: 'open' as const,
            endsAt,
          })),
        )
        .onConflictDoUpdate({
          target: [appointmentInvites.appointmentId, appointmentInvites.membershipId, appointmentInvites.occurrenceKey],
          set: { status: 'open', authorId, endsAt, answeredAt: null, updatedAt: now },
        });
    },

    /**
     * Open invites per member that still count: not expired, their appointment still there and
     * not canceled. One statement for any number of members.
     */
    async openInviteCounts(networkId: string, membershipIds: string[], now: Date): Promise<Map<string, number>> {
      if (membershipIds.length === 0) return new Map();
      const rows = await db
        .select({ id: appointmentInvites.membershipId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(appointmentInvites)
        .innerJoin(appointments, eq(appointments.id, appointmentInvites.appointmentId))
        .where(
          and(
            eq(appointmentInvites.networkId, networkId),
            sql`${appointmentInvites.membershipId} = any(${sql.param(membershipIds)}::text[])`,
            eq(appointmentInvites.status, 'open'),
            isNotNull(appointmentInvites.appointmentId),
            or(
              sql`${appointmentInvites.endsAt} is null`,
              sql`${appointmentInvites.endsAt} > ${now.toISOString()}::timestamptz`,
            ),
            eq(appointments.canceled, false),
          ),
        )
        .groupBy(appointmentInvites.membershipId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}

export type ParticipationRepository = ReturnType<typeof createParticipationRepository>;

import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { externalInvites, type ExternalInviteStatus } from './tables.ts';

export type ExternalInviteRow = typeof externalInvites.$inferSelect;
export type NewExternalInviteRow = typeof externalInvites.$inferInsert;

/** Whose invites a list shows: the network's, a group's, or an author's. */
export type InviteScope = { networkId: string; groupId?: string; authorId?: string };

/** Rows per statement: well below the parameter limit of a statement however many columns. */
const CHUNK = 500;

const lowerEmail = sql`lower(${externalInvites.email})`;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function scopeConditions(scope: InviteScope): SQL[] {
  const conditions: SQL[] = [eq(externalInvites.networkId, scope.networkId)];
  if (scope.groupId) conditions.push(sql`${externalInvites.groupIds} @> ${JSON.stringify([scope.groupId])}::jsonb`);
  if (scope.authorId) conditions.push(eq(externalInvites.authorId, scope.authorId));
  return conditions;
}

export function createExternalInvitesRepository(db: Db) {
  return {
    /** New invites, a statement per chunk, inside the caller's transaction. */
    async insertMany(rows: NewExternalInviteRow[], tx: Db): Promise<Array<{ id: string }>> {
      const ids: Array<{ id: string }> = [];
      for (const chunk of chunks(rows)) {
        ids.push(...(await tx.insert(externalInvites).values(chunk).returning({ id: externalInvites.id })));
      }
      return ids;
    },

    /** Which of some addresses (lower case) have an open invite in the network. */
    async openAddresses(networkId: string, emails: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const chunk of chunks(emails)) {
        const rows = await db
          .select({ email: lowerEmail })
          .from(externalInvites)
          .where(
            and(
              eq(externalInvites.networkId, networkId),
              eq(externalInvites.status, 'open'),
              inArray(lowerEmail, chunk),
            ),
          );
        for (const row of rows) found.add(String(row.email));
      }
      return found;
    },

    byIds(networkId: string, ids: string[], tx: Db = db): Promise<ExternalInviteRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(externalInvites)
        .where(and(eq(externalInvites.networkId, networkId), inArray(externalInvites.id, ids)));
    },

    async byTokenHash(networkId: string, tokenHash: string): Promise<ExternalInviteRow | null> {
      const [row] = await db
        .select()
        .from(externalInvites)
        .where(and(eq(externalInvites.networkId, networkId), eq(externalInvites.tokenHash, tokenHash)))
        .limit(1);
      return row ?? null;
    },

    /** Sets the status of some invites that have one of the given statuses; answers those changed. */
    async setStatus(
      tx: Db,
      where: { networkId: string; ids?: string[]; email?: string; from: ExternalInviteStatus[] },
      status: ExternalInviteStatus,
      values: Partial<Pick<ExternalInviteRow, 'renewedAt' | 'acceptedAt' | 'membershipId' | 'tokenHash'>> = {},
    ): Promise<ExternalInviteRow[]> {
      if (!where.ids && where.email === undefined) return [];
      const conditions: SQL[] = [
        eq(externalInvites.networkId, where.networkId),
        inArray(externalInvites.status, where.from),
      ];
      if (where.ids) conditions.push(inArray(externalInvites.id, where.ids));
      if (where.email !== undefined) conditions.push(sql`${lowerEmail} = ${where.email.toLowerCase()}`);
      return tx
        .update(externalInvites)
        .set({ status, updatedAt: new Date(), ...values })
        .where(and(...conditions))
        .returning();
    },

    /** New token hashes for some invites (id to hash), one statement per chunk. */
    async setTokenHashes(tx: Db, hashes: Array<{ id: string; tokenHash: string }>): Promise<void> {
      for (const chunk of chunks(hashes)) {
        const values = sql.join(
          chunk.map((h) => sql`(${h.id}, ${h.tokenHash})`),
          sql`, `,
        );
        await tx.execute(
          sql`update external_invites as e set token_hash = v.hash from (values ${values}) as v(id, hash) where e.id = v.id`,
        );
      }
    },

    /** One page of invites, newest first, with the number of all of them. */
    async page(
      scope: InviteScope,
      limit: number,
      offset: number,
    ): Promise<{ rows: ExternalInviteRow[]; total: number }> {
      const where = and(...scopeConditions(scope));
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(externalInvites)
          .where(where)
          .orderBy(desc(externalInvites.createdAt), desc(externalInvites.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(externalInvites).where(where),
      ]);
      return { rows, total: Number(totalRow?.n ?? 0) };
    },
  };
}

export type ExternalInvitesRepository = ReturnType<typeof createExternalInvitesRepository>;

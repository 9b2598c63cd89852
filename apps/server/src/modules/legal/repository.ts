import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { imprints, legalTextAcceptances, legalTexts, legalTextVersions } from './tables.ts';

export type ImprintRow = typeof imprints.$inferSelect;
export type LegalTextRow = typeof legalTexts.$inferSelect;
export type LegalTextVersionRow = typeof legalTextVersions.$inferSelect;
export type NewLegalTextRow = typeof legalTexts.$inferInsert;
export type LegalTextFields = Pick<LegalTextRow, 'name' | 'statement' | 'text'>;

export function createLegalRepository(db: Db) {
  return {
    async imprint(networkId: string, tx: Db = db, forUpdate = false): Promise<ImprintRow | undefined> {
      const query = tx.select().from(imprints).where(eq(imprints.networkId, networkId)).limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },
    async mailImprint(networkId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ mailImprint: imprints.mailImprint })
        .from(imprints)
        .where(eq(imprints.networkId, networkId))
        .limit(1);
      return row?.mailImprint;
    },
    async upsertImprint(
      values: Pick<ImprintRow, 'networkId' | 'content' | 'mailImprint' | 'showNewsletterInfo'>,
      tx: Db = db,
    ) {
      const [row] = await tx
        .insert(imprints)
        .values(values)
        .onConflictDoUpdate({
          target: imprints.networkId,
          set: {
            content: values.content,
            mailImprint: values.mailImprint,
            showNewsletterInfo: values.showNewsletterInfo,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    list(networkId: string, limit: number): Promise<LegalTextRow[]> {
      return db
        .select()
        .from(legalTexts)
        .where(eq(legalTexts.networkId, networkId))
        .orderBy(asc(legalTexts.name), asc(legalTexts.id))
        .limit(limit);
    },
    async byHandle(networkId: string, handle: string, tx: Db = db): Promise<LegalTextRow | undefined> {
      const [row] = await tx
        .select()
        .from(legalTexts)
        .where(and(eq(legalTexts.networkId, networkId), eq(legalTexts.handle, handle)))
        .limit(1);
      return row;
    },
    async byId(networkId: string, id: string, tx: Db = db, forUpdate = false): Promise<LegalTextRow | undefined> {
      const query = tx
        .select()
        .from(legalTexts)
        .where(and(eq(legalTexts.networkId, networkId), eq(legalTexts.id, id)))
        .limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },
    /** The newest versions first: the first is the current text. */
    versions(legalTextId: string, limit: number, tx: Db = db): Promise<LegalTextVersionRow[]> {
      return tx
        .select()
        .from(legalTextVersions)
        .where(eq(legalTextVersions.legalTextId, legalTextId))
        .orderBy(desc(legalTextVersions.createdAt), desc(legalTextVersions.id))
        .limit(limit);
    },
    /** Of each of the network's texts, its newest version (the current one). */
    currentVersions(networkId: string): Promise<LegalTextVersionRow[]> {
      return db
        .selectDistinctOn([legalTextVersions.legalTextId])
        .from(legalTextVersions)
        .where(eq(legalTextVersions.networkId, networkId))
        .orderBy(asc(legalTextVersions.legalTextId), desc(legalTextVersions.createdAt), desc(legalTextVersions.id));
    },
    /** Of each of the network's texts, the newest version members must accept. */
    requiringVersions(networkId: string): Promise<LegalTextVersionRow[]> {
      return db
        .selectDistinctOn([legalTextVersions.legalTextId])
        .from(legalTextVersions)
        .where(and(eq(legalTextVersions.networkId, networkId), eq(legalTextVersions.requiresAcceptance, true)))
        .orderBy(asc(legalTextVersions.legalTextId), desc(legalTextVersions.createdAt), desc(legalTextVersions.id));
    },
    /** The versions a member accepted last, one per text. */
    acceptedVersions(networkId: string, membershipId: string): Promise<LegalTextVersionRow[]> {
      return db
        .select({ version: legalTextVersions })
        .from(legalTextAcceptances)
        .innerJoin(legalTextVersions, eq(legalTextVersions.id, legalTextAcceptances.versionId))
        .where(and(eq(legalTextAcceptances.networkId, networkId), eq(legalTextAcceptances.membershipId, membershipId)))
        .then((rows) => rows.map((r) => r.version));
    },

    /** The text and its first version. */
    async insert(values: NewLegalTextRow, requiresAcceptance: boolean, tx: Db): Promise<LegalTextRow> {
      const [row] = await tx.insert(legalTexts).values(values).returning();
      await tx
        .insert(legalTextVersions)
        .values({ networkId: row!.networkId, legalTextId: row!.id, htmlText: row!.text, requiresAcceptance });
      return row!;
    },
    /** The new fields, kept as a new version: every save is one. */
    async update(
      row: LegalTextRow,
      fields: LegalTextFields,
      requiresAcceptance: boolean,
      tx: Db,
    ): Promise<LegalTextRow> {
      const [updated] = await tx
        .update(legalTexts)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(legalTexts.id, row.id))
        .returning();
      await tx
        .insert(legalTextVersions)
        .values({ networkId: row.networkId, legalTextId: row.id, htmlText: fields.text, requiresAcceptance });
      return updated!;
    },
    /** The text with its versions and acceptances (they cascade). */
    async destroy(row: LegalTextRow, tx: Db): Promise<void> {
      await tx.delete(legalTexts).where(eq(legalTexts.id, row.id));
    },
    /** The member's acceptance of a version, replacing the one of an older version. */
    async accept(
      values: { networkId: string; membershipId: string; legalTextId: string; versionId: string },
      tx: Db,
    ): Promise<void> {
      await tx
        .insert(legalTextAcceptances)
        .values(values)
        .onConflictDoUpdate({
          target: [legalTextAcceptances.membershipId, legalTextAcceptances.legalTextId],
          set: { versionId: values.versionId, acceptedAt: new Date() },
        });
    },
  };
}

export type LegalRepository = ReturnType<typeof createLegalRepository>;

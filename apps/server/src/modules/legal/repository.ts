import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { imprints, legalTexts, legalTextVersions } from './tables.ts';

export type ImprintRow = typeof imprints.$inferSelect;
export type LegalTextRow = typeof legalTexts.$inferSelect;
export type LegalTextVersionRow = typeof legalTextVersions.$inferSelect;
export type NewLegalTextRow = typeof legalTexts.$inferInsert;

export function createLegalRepository(db: Db) {
  return {
    async imprint(networkId: string): Promise<ImprintRow | undefined> {
      const [row] = await db.select().from(imprints).where(eq(imprints.networkId, networkId)).limit(1);
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
    async upsertImprint(values: Pick<ImprintRow, 'networkId' | 'content' | 'mailImprint' | 'showNewsletterInfo'>) {
      const [row] = await db
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
    async byHandle(networkId: string, handle: string): Promise<LegalTextRow | undefined> {
      const [row] = await db
        .select()
        .from(legalTexts)
        .where(and(eq(legalTexts.networkId, networkId), eq(legalTexts.handle, handle)))
        .limit(1);
      return row;
    },
    async byId(networkId: string, id: string): Promise<LegalTextRow | undefined> {
      const [row] = await db
        .select()
        .from(legalTexts)
        .where(and(eq(legalTexts.networkId, networkId), eq(legalTexts.id, id)))
        .limit(1);
      return row;
    },
    /** The newest versions first: the first is the current text. */
    versions(legalTextId: string, limit: number): Promise<LegalTextVersionRow[]> {
      return db
        .select()
        .from(legalTextVersions)
        .where(eq(legalTextVersions.legalTextId, legalTextId))
        .orderBy(desc(legalTextVersions.createdAt), desc(legalTextVersions.id))
        .limit(limit);
    },

    /** The text and its first version, together. */
    insert(values: NewLegalTextRow): Promise<LegalTextRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(legalTexts).values(values).returning();
        await tx
          .insert(legalTextVersions)
          .values({ networkId: row!.networkId, legalTextId: row!.id, htmlText: row!.text });
        return row!;
      });
    },
    /** The changed fields, and a new version when the text changed. */
    update(
      row: LegalTextRow,
      changes: Partial<Pick<LegalTextRow, 'name' | 'statement' | 'text' | 'readOnly'>>,
    ): Promise<LegalTextRow> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(legalTexts)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(legalTexts.id, row.id))
          .returning();
        if (changes.text !== undefined && changes.text !== row.text) {
          await tx
            .insert(legalTextVersions)
            .values({ networkId: row.networkId, legalTextId: row.id, htmlText: changes.text });
        }
        return updated!;
      });
    },
  };
}

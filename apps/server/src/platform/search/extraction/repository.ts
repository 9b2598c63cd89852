import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchExtractedTexts } from '../tables.ts';

export type ExtractionStatus = 'done' | 'failed' | 'skipped';

/** The stored outcomes of extractions, by the owning module's key. */
export function createExtractedTexts(db: Db) {
  return {
    async status(key: string): Promise<ExtractionStatus | null> {
      const [row] = await db
        .select({ status: searchExtractedTexts.status })
        .from(searchExtractedTexts)
        .where(eq(searchExtractedTexts.key, key));
      return (row?.status as ExtractionStatus | undefined) ?? null;
    },

    /** A second extraction of the same key (a retried job) replaces the first's outcome. */
    async store(tx: Db, row: { key: string; networkId: string; status: ExtractionStatus; content: string }) {
      await tx
        .insert(searchExtractedTexts)
        .values({ ...row, extractedAt: new Date() })
        .onConflictDoUpdate({
          target: searchExtractedTexts.key,
          set: { status: row.status, content: row.content, extractedAt: new Date() },
        });
    },

    /** Of these keys, those with an outcome stored (done, failed or skipped). */
    async known(keys: string[]): Promise<Set<string>> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Set();
      const rows = await db
        .select({ key: searchExtractedTexts.key })
        .from(searchExtractedTexts)
        .where(inArray(searchExtractedTexts.key, unique));
      return new Set(rows.map((r) => r.key));
    },

    async texts(keys: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ key: searchExtractedTexts.key, content: searchExtractedTexts.content })
        .from(searchExtractedTexts)
        .where(and(inArray(searchExtractedTexts.key, unique), eq(searchExtractedTexts.status, 'done')));
      return new Map(rows.map((r) => [r.key, r.content]));
    },
  };
}

export type ExtractedTexts = ReturnType<typeof createExtractedTexts>;

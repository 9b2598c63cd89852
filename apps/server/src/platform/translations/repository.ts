import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { translations } from './tables.ts';

/** Which translation: of what object, into which language, in which network. */
export type TranslationKey = { networkId: string; type: string; objectId: string; language: string };

/** Where translations are kept between calls; the table in production, memory in unit tests. */
export type TranslationStore = {
  /** The stored translation made from a source with that hash, if any. */
  find(key: TranslationKey, sourceHash: string): Promise<Record<string, string> | null>;
  /** Keeps a translation, replacing the one made from an earlier source. */
  save(key: TranslationKey, sourceHash: string, fields: Record<string, string>): Promise<void>;
};

const where = (key: TranslationKey) =>
  and(
    eq(translations.networkId, key.networkId),
    eq(translations.type, key.type),
    eq(translations.objectId, key.objectId),
    eq(translations.language, key.language),
  );

export function createTranslationStore(db: Db): TranslationStore {
  return {
    async find(key, sourceHash) {
      const [row] = await db
        .select({ sourceHash: translations.sourceHash, fields: translations.fields })
        .from(translations)
        .where(where(key))
        .limit(1);
      return row && row.sourceHash === sourceHash ? row.fields : null;
    },

    async save(key, sourceHash, fields) {
      await db
        .insert(translations)
        .values({ ...key, sourceHash, fields })
        .onConflictDoUpdate({
          target: [translations.networkId, translations.type, translations.objectId, translations.language],
          set: { sourceHash, fields, updatedAt: new Date() },
        });
    },
  };
}

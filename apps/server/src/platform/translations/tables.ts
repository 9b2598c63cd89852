import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { networkIdColumn, updatedAt } from '../db/columns.ts';

/**
 * The latest translation of each object into each language, with a hash of the fields it was
 * made from: asked again, it is answered from here while the source is unchanged, and made (and
 * replaced) anew once the source has changed.
 */
export const translations = pgTable(
  'translations',
  {
    networkId: networkIdColumn(),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    language: text('language').notNull(),
    sourceHash: text('source_hash').notNull(),
    /** The translated fields by name, as the translation call answers them. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.networkId, t.type, t.objectId, t.language] })],
);

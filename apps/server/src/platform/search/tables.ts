import { sql } from 'drizzle-orm';
import { customType, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector`: written by SQL (`to_tsvector`) only, never read as a value. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index of the PostgreSQL driver: one row per findable object (an activity with its
 * replies, a message, an appointment, a file, a folder, a membership, a group), written by the
 * search processor from what the owning module's source loads. Who may find a row is its
 * `access` keys; a member's keys come from the same modules' rules at query time.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    networkId: text('network_id').notNull(),
    /** The search module (`activities`, `messages` ...): its query name is `{module}_query`. */
    module: text('module').notNull(),
    /** The id of the hit within its module (activity id, message id ...). */
    documentId: text('document_id').notNull(),
    /** The group it belongs to, for the group search; null for network-wide and personal objects. */
    groupId: text('group_id'),
    /** Access keys (`activities:group:{id}`, `messages:member:{id}` ...): a member finds the row when holding one. */
    access: text('access').array().notNull(),
    /** Plain text, kept for the highlights of the rows returned. */
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    attachmentContent: text('attachment_content').notNull().default(''),
    valuesContent: text('values_content').notNull().default(''),
    /** The text search configuration the row was indexed with (`german`, `english` ..., `simple`). */
    language: text('language').notNull(),
    tsv: tsvector('tsv').notNull(),
    /** What "newest" sorts by (creation, a message's sending, an appointment's start). */
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.networkId, t.module, t.documentId] }),
    index('search_documents_tsv_idx').using('gin', t.tsv),
    index('search_documents_access_idx').using('gin', t.access),
    index('search_documents_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The newest matches of a module first: a common word's first page and capped count stop
    // early instead of reading every match.
    index('search_documents_recent_idx').on(t.networkId, t.module, t.sortAt.desc(), t.documentId.desc()),
    index('search_documents_group_idx')
      .on(t.groupId, t.module)
      .where(sql`${t.groupId} is not null`),
  ],
);

/**
 * Text extracted from stored files (PDF and office documents) by the extraction job, keyed by
 * what the owning module names (`file:{id}:v{version}`): extracted once, bounded in time and size.
 */
export const searchExtractedTexts = pgTable('search_extracted_texts', {
  key: text('key').primaryKey(),
  networkId: text('network_id').notNull(),
  /** `done`, `failed` (the file could not be read in time) or `skipped` (too large, no extractor). */
  status: text('status').notNull(),
  content: text('content').notNull().default(''),
  extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
});

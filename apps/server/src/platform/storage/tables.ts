import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StorageDirectory, UploadState } from '@agora/contracts';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../db/columns.ts';

/**
 * Every stored upload. The bytes live in the storage driver under `key`; the row says whose
 * they are: the uploader while volatile, then the owning object (`owner_type`, `owner_id`)
 * whose module decides who may read them.
 */
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    directory: text('directory').$type<StorageDirectory>().notNull(),
    state: text('state').$type<UploadState>().notNull(),
    /** The sanitized file name shown and used for downloads. */
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    externalId: text('external_id'),
    uploaderId: text('uploader_id').notNull(),
    ownerType: text('owner_type'),
    ownerId: text('owner_id'),
    version: integer('version').notNull().default(1),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedById: text('locked_by_id'),
    quarantineReason: text('quarantine_reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stored_objects_owner_idx').on(t.networkId, t.ownerType, t.ownerId),
    // The sweep of volatile uploads never published.
    index('stored_objects_state_created_idx').on(t.state, t.createdAt),
  ],
);

export type StoredObjectRow = typeof storedObjects.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FolderContextType, FolderType, ProfileValues, ExportStatus } from '@agora/contracts';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * Folders form one tree per context: the network's (`context_id` the network's id) and each
 * group's (`context_id` the group's id). Each tree has one root and one folder for files posted to
 * streams, made when the context first needs them.
 */
export const folders = pgTable(
  'folders',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    contextType: text('context_type').$type<FolderContextType>().notNull(),
    contextId: text('context_id').notNull(),
    /** Null for a root folder only. */
    parentFolderId: text('parent_folder_id'),
    type: text('type').$type<FolderType>().notNull().default('folder'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    folderProfile: jsonb('folder_profile').$type<ProfileValues>().notNull().default({}),
    /** New versions by members who do not review the folder wait as pending versions. */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    createdById: text('created_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('folders_parent_idx').on(t.networkId, t.parentFolderId, t.name),
    index('folders_context_idx').on(t.networkId, t.contextType, t.contextId),
    // One root and one stream folder per context.
    uniqueIndex('folders_special_idx')
      .on(t.networkId, t.contextType, t.contextId, t.type)
      .where(sql`type <> 'folder'`),
  ],
);

/**
 * A file. Its id is the id of its stored object (directory `files`, owner type `file`, owner id
 * the file's id), which holds the current version's bytes and the lock (the one lock model of
 * storage); name, size and type are kept here too so a listing needs no second query.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    networkId: networkIdColumn(),
    name: text('name').notNull(),
    originalFilename: text('original_filename').notNull(),
    extension: text('extension').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** The major version of the current bytes. */
    version: integer('version').notNull().default(1),
    description: text('description').notNull().default(''),
    fileProfile: jsonb('file_profile').$type<ProfileValues>().notNull().default({}),
    /** The membership that added the file; null once gone. */
    authorId: text('author_id'),
    /** A finalized file is frozen: no new version, no move, no delete. */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    /** What the office editor reported of the current version: insertions, deletions, changes, comments. */
    reviewStatus: jsonb('review_status').$type<{
      insertions: number;
      deletions: number;
      changes: number;
      comments: number;
    } | null>(),
    reviewUpdatedAt: timestamp('review_updated_at', { withTimezone: true }),
    /** The lock id an office editor holds through WOPI (its expiry in `wopiLockExpiresAt`). */
    wopiLock: text('wopi_lock'),
    wopiLockExpiresAt: timestamp('wopi_lock_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('files_author_idx').on(t.networkId, t.authorId),
    index('files_review_idx').on(t.networkId, t.reviewUpdatedAt),
  ],
);

/** A file lives in one or more folders; the link's id is the file's `folder_link_id` there. */
export const fileFolders = pgTable(
  'file_folders',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    fileId: text('file_id').notNull(),
    folderId: text('folder_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('file_folders_file_folder_idx').on(t.fileId, t.folderId),
    index('file_folders_folder_idx').on(t.folderId, t.createdAt),
  ],
);

/**
 * Earlier versions of a file, each with its own bytes (the current version's are the stored
 * object's): `?_=v{major}` reads them. Kept byte for byte until the file is deleted.
 */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    fileId: text('file_id').notNull(),
    version: integer('version').notNull(),
    /** The storage driver's key of this version's bytes. */
    key: text('key').notNull(),
    originalFilename: text('original_filename').notNull(),
    extension: text('extension').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    authorId: text('author_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('file_versions_file_version_idx').on(t.fileId, t.version)],
);

/**
 * A new version waiting for a reviewer: its bytes are a stored object (owner type
 * `file_pending_version`, owner id this row's id). Approving makes it the current version,
 * declining removes it.
 */
export const filePendingVersions = pgTable(
  'file_pending_versions',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    fileId: text('file_id').notNull(),
    objectId: text('object_id').notNull(),
    authorId: text('author_id'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('file_pending_versions_file_idx').on(t.fileId, t.createdAt)],
);

/**
 * Members a context names as reviewers of its files, besides its admins (the group's admins, or
 * the network's admins for the network's folders).
 */
export const fileReviewers = pgTable(
  'file_reviewers',
  {
    networkId: networkIdColumn(),
    contextType: text('context_type').$type<FolderContextType>().notNull(),
    contextId: text('context_id').notNull(),
    membershipId: text('membership_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contextType, t.contextId, t.membershipId] }),
    index('file_reviewers_member_idx').on(t.membershipId),
  ],
);

/** When a member last opened a folder: files added since count as unread (`/unreads/folders`). */
export const folderReads = pgTable(
  'folder_reads',
  {
    membershipId: text('membership_id').notNull(),
    folderId: text('folder_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.folderId] })],
);

/** An export of a folder as zip archives, made by a job; the archives are stored objects. */
export const folderExports = pgTable(
  'folder_exports',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    folderId: text('folder_id').notNull(),
    requestedById: text('requested_by_id').notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('initialized'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** The stored objects (directory `files`, owner type `folder_export`) of the finished archives. */
    objectIds: jsonb('object_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('folder_exports_folder_idx').on(t.folderId, t.createdAt)],
);

export type FolderRow = typeof folders.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type FileFolderRow = typeof fileFolders.$inferSelect;
export type FileVersionRow = typeof fileVersions.$inferSelect;
export type FilePendingVersionRow = typeof filePendingVersions.$inferSelect;
export type FolderExportRow = typeof folderExports.$inferSelect;

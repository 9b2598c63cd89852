import type { Readable } from 'node:stream';
import type { StorageDirectory } from '@agora/contracts';
import type { Actor } from '../policy/index.ts';
import type { StoredObjectRow } from './tables.ts';

/** Where the bytes live: local disk under DATA_DIR/storage, or an S3-compatible bucket. */
export type StorageDriver = {
  kind: 'disk' | 's3';
  /** Streams the body to `key`; never holds it whole in memory. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /** A stream of the bytes, or of the inclusive range `start`..`end`. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Null when nothing is stored under `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key under `prefix` (a folder, ending in `/`): an object with its variants. */
  deletePrefix(prefix: string): Promise<void>;
  /** Whether the store answers (for `GET /api/storage/v2/discover` and health). */
  check(): Promise<boolean>;
};

/**
 * What routes outside the upload lifecycle (image sizes, previews, archives) need from the
 * storage service: readable objects, the driver, and where derived bytes are kept.
 */
export type StorageReader = {
  driver: StorageDriver;
  /** The object if the actor (null: anonymous) may read it; 404 otherwise. */
  loadReadable(
    actor: Actor | null,
    networkId: string,
    directory: StorageDirectory,
    id: string,
  ): Promise<StoredObjectRow>;
  /** The subset of `ids` the actor may read, in one batch per owner type. */
  readableMany(actor: Actor, ids: string[]): Promise<StoredObjectRow[]>;
  /** The driver key of a derived variant (an image size, a preview) of an object. */
  variantKey(object: StoredObjectRow, variant: string): string;
  /** What the folders hold for an archive (see `FolderArchiveSource`); absent where nothing keeps folders. */
  folderArchive?: FolderArchiveSource;
};

/**
 * A file in a folder archive at its path (`Folder/Sub/plan.pdf`), or an empty folder
 * (`object` null) that the archive still shows.
 */
export type FolderArchiveItem = { path: string; object: StoredObjectRow | null };

/**
 * The readable files of the folders' subtrees for the actor, with their paths; null when one of
 * the folders is unknown or unreadable. The module that keeps folders supplies it
 * (`storage.useFolderArchive`), so that platform code knows no folders.
 */
export type FolderArchiveSource = (actor: Actor, folderIds: string[]) => Promise<FolderArchiveItem[] | null>;

import type { PendingVersion } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Storage, StoredObjectRow } from '../../platform/storage/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS, PENDING_VERSION_OWNER } from './events.ts';
import { fileUrl } from './present.ts';
import { fileEventContext } from './remove.ts';
import type { FilesRepository } from './repository.ts';
import type { FilePendingVersionRow, FileRow, FolderRow } from './tables.ts';

export function presentPendingVersion(
  row: FilePendingVersionRow,
  object: StoredObjectRow | undefined,
  author: MembershipRow | undefined,
): PendingVersion {
  return {
    id: row.id,
    original_filename: object?.name ?? '',
    extension: object?.extension ?? '',
    size: object?.size ?? 0,
    created_at: row.createdAt.toISOString(),
    author_name: author ? memberName(author) : '',
    description: row.description,
    url: object ? fileUrl(object.id, object.name) : '',
  };
}

/**
 * The two ends of a new version, in the caller's transaction: an upload made the current version
 * (the new-version form, approving a pending version, an office editor saving), and an upload
 * kept as a pending version (where approval applies and the member does not review).
 */
export function createVersionWriter(
  deps: Pick<FilesDeps, 'events'> & {
    storage: Pick<Storage, 'replaceContent' | 'attach'>;
    repository: FilesRepository;
  },
) {
  const record = (tx: Db, actor: Actor, type: string, file: FileRow, folders: FolderRow[], changes: object) =>
    deps.events.record(tx, {
      networkId: actor.networkId,
      type,
      actorId: actor.membershipId,
      subject: { type: 'file', id: file.id },
      context: fileEventContext(folders),
      changes: { name: file.name, ...changes },
    });

  return {
    /**
     * The upload (a volatile one of `uploader`) becomes the file's current bytes; the bytes before
     * are kept as the version they were; a `description` given replaces the file's. Records
     * `file.version_added` by `actor`.
     */
    async makeCurrent(
      tx: Db,
      actor: Actor,
      input: {
        file: FileRow;
        folders: FolderRow[];
        uploadId: string;
        uploader: Actor;
        description?: string;
        changes?: object;
      },
    ): Promise<FileRow> {
      const { object, previous } = await deps.storage.replaceContent(input.uploader, input.file.id, input.uploadId, tx);
      // Read again once the object's row is locked: a version saved meanwhile counts.
      const file = (await deps.repository.file(input.file.networkId, input.file.id, tx)) ?? input.file;
      await deps.repository.insertVersion(tx, {
        networkId: actor.networkId,
        fileId: file.id,
        version: file.version,
        key: previous.key,
        originalFilename: file.originalFilename,
        extension: previous.extension,
        size: previous.size,
        contentType: previous.contentType,
        authorId: previous.uploaderId ?? file.authorId,
        createdAt: previous.publishedAt ?? file.updatedAt,
      });
      const updated = await deps.repository.updateFile(tx, file.id, {
        version: file.version + 1,
        originalFilename: object.name,
        extension: object.extension,
        size: object.size,
        contentType: object.contentType,
        ...(input.description ? { description: input.description } : {}),
      });
      await record(tx, actor, FILE_EVENTS.versionAdded, updated, input.folders, {
        version: updated.version,
        ...input.changes,
      });
      return updated;
    },

    /** The actor's volatile upload waits as a pending version of the file. */
    async makePending(
      tx: Db,
      actor: Actor,
      input: { file: FileRow; folders: FolderRow[]; uploadId: string; description: string },
    ): Promise<FilePendingVersionRow> {
      const row = await deps.repository.insertPendingVersion(tx, {
        networkId: actor.networkId,
        fileId: input.file.id,
        objectId: input.uploadId,
        authorId: actor.membershipId,
        description: input.description,
      });
      await deps.storage.attach(
        actor,
        [input.uploadId],
        { type: PENDING_VERSION_OWNER, id: row.id },
        { db: tx, field: 'upload_id', directory: 'files' },
      );
      await record(tx, actor, FILE_EVENTS.pendingVersionAdded, input.file, input.folders, {
        pending_version_id: row.id,
      });
      return row;
    },
  };
}

export type VersionWriter = ReturnType<typeof createVersionWriter>;

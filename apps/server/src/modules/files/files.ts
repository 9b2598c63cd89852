import {
  FILE_ERROR_KEYS,
  type FileEntry,
  type FileVersion,
  type NewVersionAnswer,
  type fileUpdateSchema,
  type newVersionSchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { forbidden, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { fileCan, frozenReason, readsFolder, type FilesAccess, type FilesAccessService } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS } from './events.ts';
import { checkTargetFolders, isOwnVolatileUpload } from './new-files.ts';
import { createVersionWriter, presentPendingVersion } from './pending-versions.ts';
import { presentVersion } from './present.ts';
import type { createProfileFilter } from './profile-values.ts';
import { fileEventContext } from './remove.ts';
import type { FilesRepository } from './repository.ts';
import type { FileRow, FolderRow } from './tables.ts';
import type { PresentFiles } from './views.ts';

type Parts = {
  access: FilesAccessService;
  presentFiles: PresentFiles;
  keepProfile: ReturnType<typeof createProfileFilter>;
};

/** One file: reading it, changing it, its versions and views. */
export function createFiles(deps: FilesDeps, repository: FilesRepository, parts: Parts) {
  const { access } = parts;
  const versions = createVersionWriter({ ...deps, repository });

  async function present(filesAccess: FilesAccess, id: string): Promise<FileEntry> {
    const { file } = await access.loadFile(filesAccess, id);
    return (await parts.presentFiles(filesAccess, [file]))[0]!;
  }

  /** A readable file the member may change now; 403 `locked` / `finalized` / forbidden otherwise. */
  async function loadChangeable(filesAccess: FilesAccess, id: string) {
    const { file, folders } = await access.loadFile(filesAccess, id);
    const [object] = await deps.storage.live(filesAccess.actor.networkId, [file.id]);
    const lock = object ? { lockedUntil: object.lockedUntil, lockedById: object.lockedById } : null;
    const now = new Date();
    const reason = frozenReason(filesAccess, file, lock, now);
    if (reason) throw forbidden(reason);
    const can = fileCan(filesAccess, file, folders, lock, now);
    if (!can.update) throw forbidden();
    return { file, folders, can };
  }

  const record = (
    tx: Parameters<FilesDeps['events']['record']>[0],
    actor: Actor,
    type: string,
    file: FileRow,
    folders: FolderRow[],
    changes: Record<string, unknown>,
  ) =>
    deps.events.record(tx, {
      networkId: actor.networkId,
      type,
      actorId: actor.membershipId,
      subject: { type: 'file', id: file.id },
      context: fileEventContext(folders),
      changes: { name: file.name, ...changes },
    });

  return {
    /** `GET /api/storage/files/{id}`. */
    async get(actor: Actor, id: string): Promise<FileEntry> {
      return present(await access.load(actor), id);
    },

    /**
     * `PUT /api/storage/files/{id}`. New `folder_ids` replace the folders the member reads (those
     * they do not read keep the file); each new one must take the member's files.
     */
    async update(actor: Actor, id: string, input: z.output<typeof fileUpdateSchema>): Promise<FileEntry> {
      const filesAccess = await access.load(actor);
      const { file, folders } = await loadChangeable(filesAccess, id);
      const readable = folders.filter((f) => readsFolder(filesAccess, f));
      let added: string[] = [];
      let removed: string[] = [];
      if (input.folder_ids) {
        const current = new Set(readable.map((f) => f.id));
        const wanted = input.folder_ids;
        if (new Set(wanted).size !== wanted.length)
          throw unprocessable({ folder_ids: [FILE_ERROR_KEYS.folderNotAllowed] });
        added = wanted.filter((f) => !current.has(f));
        removed = [...current].filter((f) => !wanted.includes(f));
        await checkTargetFolders(access, filesAccess, added);
      }
      const profile =
        input.file_profile === undefined
          ? undefined
          : await parts.keepProfile(actor.networkId, 'file_profiles', input.file_profile);
      await deps.events.transaction(async (tx) => {
        const updated = await repository.updateFile(tx, file.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(profile !== undefined ? { fileProfile: profile } : {}),
          ...(input.finalized ? { finalizedAt: new Date() } : {}),
        });
        await repository.link(tx, actor.networkId, file.id, added);
        await repository.unlink(tx, file.id, removed);
        const after = await repository.foldersOfFiles([file.id], tx);
        await record(tx, actor, FILE_EVENTS.updated, updated, after.get(file.id) ?? [], {
          ...(input.finalized ? { finalized: true } : {}),
        });
        if (added.length > 0 || removed.length > 0)
          await record(tx, actor, FILE_EVENTS.moved, updated, after.get(file.id) ?? [], {
            from_folder_ids: removed,
            to_folder_ids: added,
          });
      });
      return present(filesAccess, file.id);
    },

    /** `GET /api/storage/files/{id}/versions`: newest first, the current one included. */
    async versions(actor: Actor, id: string): Promise<FileVersion[]> {
      const filesAccess = await access.load(actor);
      const { file } = await access.loadFile(filesAccess, id);
      const [kept, [object]] = await Promise.all([
        repository.versions(file.id),
        deps.storage.live(actor.networkId, [file.id]),
      ]);
      const current = {
        version: file.version,
        originalFilename: file.originalFilename,
        extension: file.extension,
        size: file.size,
        authorId: object?.uploaderId ?? file.authorId,
        createdAt: object?.publishedAt ?? file.createdAt,
      };
      const all = [current, ...kept];
      const authorIds = [...new Set(all.flatMap((v) => (v.authorId ? [v.authorId] : [])))];
      const authors = new Map((await deps.members.findMany(actor.networkId, authorIds)).map((m) => [m.id, m]));
      return all.map((v) => presentVersion(file, v, v.authorId ? authors.get(v.authorId) : undefined));
    },

    /**
     * `POST /api/storage/files/{id}/versions`: the upload becomes the current version (the old
     * bytes are kept as a version), or, where a folder of the file requires approval and the
     * member does not review it, a pending version.
     */
    async addVersion(actor: Actor, id: string, input: z.output<typeof newVersionSchema>): Promise<NewVersionAnswer> {
      const filesAccess = await access.load(actor);
      const { file, folders, can } = await loadChangeable(filesAccess, id);
      const [upload] = await deps.storage.live(actor.networkId, [input.upload_id]);
      if (!isOwnVolatileUpload(actor, upload) || upload!.id === file.id)
        throw unprocessable({ upload_id: [FILE_ERROR_KEYS.notUploaded] });
      const readable = folders.filter((f) => readsFolder(filesAccess, f));
      if (readable.some((f) => f.requiresApproval) && !can.review) {
        const pending = await deps.events.transaction((tx) =>
          versions.makePending(tx, actor, { file, folders, uploadId: upload!.id, description: input.description }),
        );
        const [author] = await deps.members.findMany(actor.networkId, [actor.membershipId]);
        return {
          file: await present(filesAccess, file.id),
          pending_version: presentPendingVersion(pending, upload, author),
        };
      }
      await deps.events.transaction((tx) =>
        versions.makeCurrent(tx, actor, {
          file,
          folders,
          uploadId: upload!.id,
          uploader: actor,
          description: input.description,
        }),
      );
      return { file: await present(filesAccess, file.id), pending_version: null };
    },

    /** `POST /api/storage/files/{id}/track_view`: counts, records nothing. */
    async trackView(actor: Actor, id: string): Promise<void> {
      const { file } = await access.loadFile(await access.load(actor), id);
      await repository.countView(file.id);
    },

    /** The bytes of an older major version (the download's `?_=v{major}`). */
    async versionContent(fileId: string, major: number) {
      const row = await repository.version(fileId, major);
      return row
        ? {
            key: row.key,
            name: row.originalFilename,
            extension: row.extension,
            size: row.size,
            contentType: row.contentType,
          }
        : null;
    },
  };
}

export type Files = ReturnType<typeof createFiles>;

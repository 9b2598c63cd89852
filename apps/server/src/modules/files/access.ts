import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { ContentGroup } from '../groups/index.ts';
import type { FilesDeps } from './deps.ts';
import type { FilesRepository } from './repository.ts';
import type { FileRow, FolderRow } from './tables.ts';

/**
 * What a member may read and change in folders, loaded once per request: the groups whose
 * content they read (with their role, admin rights and whether archived) and the contexts
 * (`network:{id}`, `group:{id}`) that name them as reviewers.
 */
export type FilesAccess = {
  actor: Actor;
  groups: Map<string, ContentGroup>;
  reviewerContexts: Set<string>;
};

export type FileLock = { lockedUntil: Date | null; lockedById: string | null };

export const contextKey = (contextType: string, contextId: string) => `${contextType}:${contextId}`;

/** Root and stream folders are made by the system: never renamed, moved or deleted. */
export const isSpecial = (folder: Pick<FolderRow, 'type'>) => folder.type !== 'folder';

/** Network folders: internal members. Group folders: whoever reads the group's content. */
export function readsFolder(access: FilesAccess, folder: FolderRow): boolean {
  if (folder.networkId !== access.actor.networkId) return false;
  if (folder.contextType === 'network') return !access.actor.isExternal;
  return access.groups.has(folder.contextId);
}

/** Adds files: internal members to network folders; members of a group that is not archived to its folders. */
function addsTo(access: FilesAccess, folder: FolderRow): boolean {
  if (!readsFolder(access, folder)) return false;
  if (folder.contextType === 'network') return !access.actor.isExternal;
  const group = access.groups.get(folder.contextId);
  return !!group && group.role !== null && !group.archived;
}

/** Administers the folder's context: network admins everywhere, a group's admins in its folders. */
function administers(access: FilesAccess, folder: FolderRow): boolean {
  if (!readsFolder(access, folder)) return false;
  if (access.actor.isNetworkAdmin) return true;
  if (folder.contextType === 'network') return false;
  const group = access.groups.get(folder.contextId);
  return !!group && (group.role === 'admin' || group.categoryAdmin);
}

/** Reviews the folder's files: its context's admins and the members the context names as reviewers. */
export function reviews(access: FilesAccess, folder: FolderRow): boolean {
  return (
    administers(access, folder) ||
    (readsFolder(access, folder) && access.reviewerContexts.has(contextKey(folder.contextType, folder.contextId)))
  );
}

export function folderCan(access: FilesAccess, folder: FolderRow) {
  const addFiles = addsTo(access, folder);
  const update =
    administers(access, folder) ||
    (readsFolder(access, folder) && folder.createdById !== null && folder.createdById === access.actor.membershipId);
  return {
    add_files: addFiles,
    create_subfolders: addFiles && folder.type !== 'activitystream_folder',
    update,
    destroy: update && !isSpecial(folder),
    review: reviews(access, folder),
  };
}

/** Locked by someone else (a storage lock or a live office editor's lock). */
export function lockedByOther(access: FilesAccess, file: FileRow, lock: FileLock | null, now: Date): boolean {
  const stored =
    !!lock?.lockedUntil &&
    lock.lockedUntil > now &&
    lock.lockedById !== null &&
    lock.lockedById !== access.actor.membershipId;
  const wopi = !!file.wopiLock && !!file.wopiLockExpiresAt && file.wopiLockExpiresAt > now;
  return stored || wopi;
}

/**
 * A file's flags, from the folders it lives in. Locked by someone else or finalized: no update,
 * new version, move or delete.
 */
export function fileCan(access: FilesAccess, file: FileRow, folders: FolderRow[], lock: FileLock | null, now: Date) {
  const readable = folders.filter((f) => readsFolder(access, f));
  const frozen = file.finalizedAt !== null || lockedByOther(access, file, lock, now);
  const adds = readable.some((f) => addsTo(access, f));
  const owns =
    (file.authorId !== null && file.authorId === access.actor.membershipId) ||
    readable.some((f) => administers(access, f));
  return {
    destroy: !frozen && readable.length > 0 && owns,
    lock: adds && file.finalizedAt === null,
    update: adds && !frozen,
    review: readable.some((f) => reviews(access, f)),
  };
}

/** Why a change of the file is refused, if it is: `finalized` or `locked`. */
export function frozenReason(access: FilesAccess, file: FileRow, lock: FileLock | null, now: Date) {
  if (file.finalizedAt !== null) return 'finalized' as const;
  if (lockedByOther(access, file, lock, now)) return 'locked' as const;
  return null;
}

export function createFilesAccess(deps: FilesDeps, repository: FilesRepository) {
  async function load(actor: Actor): Promise<FilesAccess> {
    const [groups, reviewerContexts] = await Promise.all([
      deps.groups.contentGroups(actor),
      repository.reviewerContexts(actor.networkId, actor.membershipId),
    ]);
    return {
      actor,
      groups: new Map(groups.map((g) => [g.id, g])),
      reviewerContexts: new Set(reviewerContexts.map((r) => contextKey(r.contextType, r.contextId))),
    };
  }

  /** A context's root folder, made the first time it is asked for. */
  async function rootFolder(networkId: string, contextType: FolderRow['contextType'], contextId: string) {
    return repository.ensureSpecial(networkId, contextType, contextId, 'root_folder', null);
  }

  /** The folder of files posted to a context's stream, a child of its root, made when first needed. */
  async function streamFolder(networkId: string, contextType: FolderRow['contextType'], contextId: string) {
    const root = await rootFolder(networkId, contextType, contextId);
    return repository.ensureSpecial(networkId, contextType, contextId, 'activitystream_folder', root.id);
  }

  /** A folder the member reads; 404 otherwise. */
  async function loadFolder(access: FilesAccess, id: string): Promise<FolderRow> {
    const folder = await repository.folder(access.actor.networkId, id);
    if (!folder || !readsFolder(access, folder)) throw notFound();
    return folder;
  }

  /** A file the member reads (through one of its folders) with all its folders; 404 otherwise. */
  async function loadFile(access: FilesAccess, id: string): Promise<{ file: FileRow; folders: FolderRow[] }> {
    const file = await repository.file(access.actor.networkId, id);
    if (!file) throw notFound();
    const folders = (await repository.foldersOfFiles([file.id])).get(file.id) ?? [];
    if (!folders.some((f) => readsFolder(access, f))) throw notFound();
    return { file, folders };
  }

  return { load, loadFolder, loadFile, rootFolder, streamFolder };
}

export type FilesAccessService = ReturnType<typeof createFilesAccess>;

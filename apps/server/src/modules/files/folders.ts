import {
  FILE_ERROR_KEYS,
  FILE_LIMITS,
  type BatchAnswer,
  type Folder,
  type FolderCreateInput,
  type FolderSummary,
  type FolderUnreads,
  type FolderUpdateInput,
} from '@agora/contracts';
import { forbidden, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { folderCan, isSpecial, readsFolder, type FilesAccess, type FilesAccessService } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS } from './events.ts';
import { presentFolder, presentFolderSummary } from './present.ts';
import type { createProfileFilter } from './profile-values.ts';
import type { Removal } from './remove.ts';
import type { FilesRepository } from './repository.ts';
import type { FolderRow } from './tables.ts';
import type { PresentFiles } from './views.ts';

type Parts = {
  access: FilesAccessService;
  removal: Removal;
  presentFiles: PresentFiles;
  keepProfile: ReturnType<typeof createProfileFilter>;
};

/** Folders: roots, listings, creating, changing, moving and deleting them, read marks. */
export function createFolders(deps: FilesDeps, repository: FilesRepository, parts: Parts) {
  const { access } = parts;

  async function summaries(filesAccess: FilesAccess, rows: FolderRow[]): Promise<FolderSummary[]> {
    const counts = await repository.counts(rows.map((r) => r.id));
    return rows.map((row) => presentFolderSummary(filesAccess, row, counts.get(row.id)!));
  }

  async function show(filesAccess: FilesAccess, folder: FolderRow, limit: number): Promise<Folder> {
    const { networkId } = filesAccess.actor;
    const [path, children, listed] = await Promise.all([
      repository.path(networkId, folder.id),
      repository.children(networkId, folder.id, limit),
      repository.filesIn(folder.id, limit),
    ]);
    const [counts, files] = await Promise.all([
      repository.counts([folder.id, ...children.map((c) => c.id)]),
      parts.presentFiles(filesAccess, listed),
    ]);
    return presentFolder(
      filesAccess,
      folder,
      counts.get(folder.id)!,
      path,
      children.map((c) => presentFolderSummary(filesAccess, c, counts.get(c.id)!)),
      files,
    );
  }

  /** A folder the member may change; 404 when unreadable, 403 when not theirs to change. */
  async function loadChangeable(filesAccess: FilesAccess, id: string) {
    const folder = await access.loadFolder(filesAccess, id);
    if (!folderCan(filesAccess, folder).update) throw forbidden();
    return folder;
  }

  /** `GET /unreads/folders`: files others added since the member last opened each folder they still read. */
  async function unreads(actor: Actor): Promise<FolderUnreads> {
    const [filesAccess, rows] = await Promise.all([
      access.load(actor),
      repository.unreadPerFolder(actor.networkId, actor.membershipId),
    ]);
    return {
      folders: rows
        .filter((r) => readsFolder(filesAccess, r.folder))
        .map((r) => ({ id: r.folder.id, unread_count: r.count })),
    };
  }

  return {
    /** `GET /api/storage/folders/{id}`. */
    async get(actor: Actor, id: string, limit: number = FILE_LIMITS.folderListLimit): Promise<Folder> {
      const filesAccess = await access.load(actor);
      return show(filesAccess, await access.loadFolder(filesAccess, id), limit);
    },

    /** `GET /api/storage/folders/roots`: the network's root (internal members) and the roots of the groups they read. */
    async roots(actor: Actor): Promise<{ network: FolderSummary | null; groups: FolderSummary[] }> {
      const filesAccess = await access.load(actor);
      const network = actor.isExternal ? null : await access.rootFolder(actor.networkId, 'network', actor.networkId);
      const groupIds = [...filesAccess.groups.keys()];
      const existing = await repository.roots(actor.networkId, 'group', groupIds);
      const have = new Set(existing.map((r) => r.contextId));
      // Groups made before folders existed get their root now.
      const made = await Promise.all(
        groupIds.filter((id) => !have.has(id)).map((id) => access.rootFolder(actor.networkId, 'group', id)),
      );
      const groupRoots = [...existing, ...made].sort((a, b) =>
        filesAccess.groups.get(a.contextId)!.name.localeCompare(filesAccess.groups.get(b.contextId)!.name),
      );
      const presented = await summaries(filesAccess, network ? [network, ...groupRoots] : groupRoots);
      return { network: network ? presented[0]! : null, groups: network ? presented.slice(1) : presented };
    },

    /** `POST /api/storage/folders`. */
    async create(actor: Actor, input: FolderCreateInput & { folder_profile: object; description: string }) {
      const filesAccess = await access.load(actor);
      const parent = await access.loadFolder(filesAccess, input.parent_folder_id).catch(() => {
        throw unprocessable({ parent_folder_id: [FILE_ERROR_KEYS.folderNotAllowed] });
      });
      if (!folderCan(filesAccess, parent).create_subfolders) throw forbidden();
      const profile = await parts.keepProfile(actor.networkId, 'folder_profiles', input.folder_profile ?? {});
      const folder = await deps.events.transaction(async (tx) => {
        const row = await repository.insertFolder(tx, {
          networkId: actor.networkId,
          contextType: parent.contextType,
          contextId: parent.contextId,
          parentFolderId: parent.id,
          name: input.name,
          description: input.description,
          folderProfile: profile,
          requiresApproval: input.requires_approval ?? parent.requiresApproval,
          createdById: actor.membershipId,
        });
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: FILE_EVENTS.folderCreated,
          actorId: actor.membershipId,
          subject: { type: 'folder', id: row.id },
          context: { type: row.contextType, id: row.contextId },
          changes: { name: row.name, parent_folder_id: parent.id },
        });
        return row;
      });
      return show(filesAccess, folder, FILE_LIMITS.folderListLimit);
    },

    /** `PUT /api/storage/folders/{id}`: changes, and a new parent moves it (within its tree, never below itself). */
    async update(actor: Actor, id: string, input: FolderUpdateInput) {
      const filesAccess = await access.load(actor);
      const folder = await loadChangeable(filesAccess, id);
      const moving = input.parent_folder_id !== undefined && input.parent_folder_id !== folder.parentFolderId;
      const renaming = input.name !== undefined && input.name !== folder.name;
      if (isSpecial(folder) && (moving || renaming))
        throw unprocessable({ [moving ? 'parent_folder_id' : 'name']: [FILE_ERROR_KEYS.specialFolder] });
      if (moving) {
        const target = await access.loadFolder(filesAccess, input.parent_folder_id!).catch(() => null);
        if (
          !target ||
          target.contextType !== folder.contextType ||
          target.contextId !== folder.contextId ||
          !folderCan(filesAccess, target).create_subfolders
        )
          throw unprocessable({ parent_folder_id: [FILE_ERROR_KEYS.folderNotAllowed] });
        const subtree = await repository.subtreeIds(actor.networkId, folder.id);
        if (subtree.includes(target.id)) throw unprocessable({ parent_folder_id: [FILE_ERROR_KEYS.intoOwnSubtree] });
      }
      const profile =
        input.folder_profile === undefined
          ? undefined
          : await parts.keepProfile(actor.networkId, 'folder_profiles', input.folder_profile);
      const updated = await deps.events.transaction(async (tx) => {
        const row = await repository.updateFolder(tx, folder.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(profile !== undefined ? { folderProfile: profile } : {}),
          ...(input.requires_approval !== undefined ? { requiresApproval: input.requires_approval } : {}),
          ...(moving ? { parentFolderId: input.parent_folder_id! } : {}),
        });
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: moving ? FILE_EVENTS.folderMoved : FILE_EVENTS.folderUpdated,
          actorId: actor.membershipId,
          subject: { type: 'folder', id: row.id },
          context: { type: row.contextType, id: row.contextId },
          changes: {
            name: row.name,
            ...(moving ? { from_parent_folder_id: folder.parentFolderId, parent_folder_id: row.parentFolderId } : {}),
          },
        });
        return row;
      });
      return show(filesAccess, updated, FILE_LIMITS.folderListLimit);
    },

    /** `DELETE /api/storage/folders/{id}`: as a batch of one folder. */
    async destroy(actor: Actor, id: string): Promise<BatchAnswer> {
      const filesAccess = await access.load(actor);
      const folder = await access.loadFolder(filesAccess, id);
      const outcome = await parts.removal.removeFolderTree(filesAccess, folder);
      return outcome.done
        ? { done: { file_ids: [], folder_ids: [folder.id] }, refused: [] }
        : {
            done: { file_ids: [], folder_ids: [] },
            refused: [{ id: folder.id, type: 'folder', reason: outcome.reason }],
          };
    },

    /** `POST /api/storage/folders/{id}/read`. */
    async markRead(actor: Actor, id: string): Promise<void> {
      const filesAccess = await access.load(actor);
      const folder = await access.loadFolder(filesAccess, id);
      await repository.markRead(actor.membershipId, folder.id);
    },

    unreads,

    /** The `Files` counter: the sum over the folders. */
    async unreadCount(actor: Actor): Promise<number> {
      const { folders } = await unreads(actor);
      return folders.reduce((sum, f) => sum + f.unread_count, 0);
    },
  };
}

export type Folders = ReturnType<typeof createFolders>;

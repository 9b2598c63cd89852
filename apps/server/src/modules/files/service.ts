import type { Actor } from '../../platform/policy/index.ts';
import { createFilesAccess } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { createFiles } from './files.ts';
import { createFolders } from './folders.ts';
import { createNewFiles } from './new-files.ts';
import { fileOwners } from './owners.ts';
import { fileProcessors } from './processors.ts';
import { createProfileFilter } from './profile-values.ts';
import { createRemoval } from './remove.ts';
import { createFilesRepository } from './repository.ts';
import { createFileViews } from './views.ts';

/**
 * Files and folders: one folder tree for the network and one per group, files in one or more
 * folders, their versions, and who may do what with them (see access.ts).
 */
export function createFilesService(deps: FilesDeps) {
  const repository = createFilesRepository(deps.db);
  const access = createFilesAccess(deps, repository);
  const presentFiles = createFileViews(deps, repository);
  const keepProfile = createProfileFilter(deps);
  const removal = createRemoval(deps, repository);
  const parts = { access, presentFiles, keepProfile, removal };
  const folders = createFolders(deps, repository, parts);
  const files = createFiles(deps, repository, parts);
  const owners = fileOwners(repository, access);

  return {
    repository,
    access,
    presentFiles,
    keepProfile,
    removal,
    folders,
    files,
    addFiles: createNewFiles(deps, repository, parts),
    owners: {
      file: { ...owners.file, versionContent: files.versionContent },
      pendingVersion: owners.pendingVersion,
    },
    processors: fileProcessors(deps, repository, access),

    /** The network's root folder id for the shell (null for external members, who do not read it). */
    async networkRootFolderId(actor: Actor): Promise<string | null> {
      if (actor.isExternal) return null;
      return (await access.rootFolder(actor.networkId, 'network', actor.networkId)).id;
    },

    /** A group's root folder id, for members who read the group's files. */
    async groupRootFolderId(actor: Actor, groupId: string): Promise<string | null> {
      const [group] = await deps.groups.contentGroups(actor, [groupId]);
      return group ? (await access.rootFolder(actor.networkId, 'group', groupId)).id : null;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

import type { Platform } from '../../platform/loader/definition.ts';
import type { MembersService } from '../members/index.ts';
import { createFolderArchive } from './archive-folders.ts';
import { createBatchRepository } from './batch-repository.ts';
import { batchRoutes } from './batch-routes.ts';
import { createBatch } from './batch.ts';
import type { FilesDeps } from './deps.ts';
import { exportRoutes } from './export-routes.ts';
import { createFolderExports } from './export.ts';
import type { FilesService } from './service.ts';

/**
 * Batch moves and deletes, folder archives (storage's download as archive names folders
 * through them) and folder exports, built on the files module's core: their routes and the
 * exports' storage owner.
 */
export function createBatchParts(
  platform: Platform,
  needs: Omit<FilesDeps, 'db' | 'events' | 'storage'> & { members: Pick<MembersService, 'find' | 'actorFor'> },
  files: Pick<FilesService, 'repository' | 'access' | 'removal'>,
) {
  const deps: FilesDeps = { ...needs, db: platform.db, events: platform.events, storage: platform.storage };
  const batch = createBatch(deps, files.repository, files);
  const folderArchive = createFolderArchive(
    { storage: platform.storage },
    files.repository,
    createBatchRepository(platform.db),
    files.access,
  );
  platform.storage.useFolderArchive(folderArchive);
  const exports = createFolderExports(
    {
      db: platform.db,
      events: platform.events,
      storage: platform.storage,
      jobs: platform.jobs,
      members: needs.members,
      folderArchive,
    },
    files.repository,
    files.access,
  );
  return {
    batch,
    exports,
    folderArchive,
    exportOwner: exports.owner,
    routes: [batchRoutes({ batch }), exportRoutes({ exports })],
  };
}

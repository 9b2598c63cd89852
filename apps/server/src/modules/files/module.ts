import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoFiles } from '../../seed/demo-files.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { createApprovalParts } from './approval-module.ts';
import { createBatchParts } from './batch-module.ts';
import { FILE_OWNER, FOLDER_EXPORT_OWNER, PENDING_VERSION_OWNER } from './events.ts';
import { folderSearchSource } from './folder-search-source.ts';
import { fileRoutes, folderRoutes } from './routes.ts';
import { fileSearchSource } from './search-source.ts';
import { fileTextExtraction } from './search-text-extraction.ts';
import { createFilesService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  networks: NetworksService;
  notifications: NotificationsService;
  activities: ActivitiesService;
  accounts: AccountsService;
  memberSettings: MemberSettingsService;
};

/** Files: the network's and the groups' folder trees, files in them, versions, approval. */
export const filesModule = defineModule({
  name: 'files',
  needs: ['groups', 'members', 'networks', 'notifications', 'activities', 'accounts', 'memberSettings'],
  create: (platform, needs: Needs) => {
    const files = createFilesService({ ...needs, db: platform.db, events: platform.events, storage: platform.storage });
    // The network shell and the group pages link the folder trees.
    needs.networks.useRootFolder(files.networkRootFolderId);
    needs.groups.useRootFolder(files.groupRootFolderId);
    return {
      ...files,
      approval: createApprovalParts(platform, needs, files),
      batch: createBatchParts(platform, needs, files),
    };
  },
  routes: (files) => [folderRoutes({ files }), fileRoutes({ files }), ...files.approval.routes, ...files.batch.routes],
  processors: (files, _needs, platform) => [
    ...files.processors,
    ...files.approval.processors,
    fileTextExtraction(platform, files.repository),
  ],
  storageOwners: (files) => ({
    [FILE_OWNER]: files.owners.file,
    [PENDING_VERSION_OWNER]: files.owners.pendingVersion,
    [FOLDER_EXPORT_OWNER]: files.batch.exportOwner,
  }),
  unreadCounters: (files) => ({ Files: files.folders.unreadCount }),
  searchSources: (files, needs, platform) => {
    const deps = { ...needs, db: platform.db, textExtraction: platform.textExtraction, storage: platform.storage };
    return [fileSearchSource(deps, files), folderSearchSource(deps, files)];
  },
  demo: (demo: DemoNetwork) => seedDemoFiles(demo),
});

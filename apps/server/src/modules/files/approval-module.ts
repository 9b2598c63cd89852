import type { Platform } from '../../platform/loader/definition.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { approvalProcessors } from './approval-processors.ts';
import { createApprovalRepository } from './approval-repository.ts';
import { approvalRoutes } from './approval-routes.ts';
import { createApproval } from './approval.ts';
import type { FilesDeps } from './deps.ts';
import { createOfficeDiscovery } from './office-discovery.ts';
import { officeRoutes } from './office-routes.ts';
import { createOffice } from './office.ts';
import { createVersionWriter } from './pending-versions.ts';
import { createReviewers } from './reviewers.ts';
import { createSearchRepository } from './search-repository.ts';
import { searchRoutes } from './search-routes.ts';
import { createFolderSearch } from './search.ts';
import type { FilesService } from './service.ts';
import { createWopiRepository } from './wopi-repository.ts';
import { wopiRoutes } from './wopi-routes.ts';
import { createWopiTokens } from './wopi-token.ts';
import { createWopi } from './wopi.ts';

/**
 * Approval of pending versions, reviewers, review status, office documents (the WOPI host) and
 * the folder search, built on the files module's core: its routes and processors.
 */
export function createApprovalParts(
  platform: Platform,
  needs: Omit<FilesDeps, 'db' | 'events' | 'storage'> & {
    accounts: Pick<AccountsService, 'mailAddresses'>;
    memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  },
  files: Pick<FilesService, 'repository' | 'access' | 'presentFiles'>,
) {
  const { config } = platform;
  const deps: ApprovalDeps = {
    ...needs,
    db: platform.db,
    events: platform.events,
    storage: platform.storage,
    mailer: platform.mailer,
    publicUrl: config.publicUrl,
    repository: files.repository,
    approvals: createApprovalRepository(platform.db),
    access: files.access,
    presentFiles: files.presentFiles,
  };
  const writer = createVersionWriter(deps);
  const tokens = createWopiTokens(config.sessionSecret);
  const discovery = createOfficeDiscovery(config.wopiDiscoveryUrl, { log: platform.log });
  const office = createOffice(deps, { discovery, tokens });
  platform.storage.useDiscoveryCheck(() => office.discoveryReadable());
  const wopi = createWopi(deps, { tokens, repository: createWopiRepository(platform.db), writer });

  return {
    office,
    routes: [
      approvalRoutes({ approval: createApproval(deps, writer), reviewers: createReviewers(deps) }),
      officeRoutes({ office }),
      // Without an office server there is no WOPI host.
      ...(discovery.configured ? [wopiRoutes({ wopi, publicUrl: config.publicUrl })] : []),
      searchRoutes({ search: createFolderSearch(deps, createSearchRepository(platform.db)) }),
    ],
    processors: approvalProcessors(deps),
  };
}

export type ApprovalParts = ReturnType<typeof createApprovalParts>;

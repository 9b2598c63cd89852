import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { FilesAccessService } from './access.ts';
import type { ApprovalRepository } from './approval-repository.ts';
import type { FilesDeps } from './deps.ts';
import type { FilesRepository } from './repository.ts';
import type { PresentFiles } from './views.ts';

/**
 * What approval, reviewers, office documents and the folder search build on: the module's
 * dependencies and its core parts (access rules, queries, the files' presentation).
 */
export type ApprovalDeps = Omit<FilesDeps, 'storage'> & {
  storage: Pick<
    Storage,
    'live' | 'store' | 'replaceContent' | 'attach' | 'removeOwned' | 'purge' | 'driver' | 'fileToken'
  >;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  publicUrl: string;
  repository: FilesRepository;
  approvals: ApprovalRepository;
  access: FilesAccessService;
  presentFiles: PresentFiles;
};

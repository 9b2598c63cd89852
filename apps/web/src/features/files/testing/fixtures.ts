import type { FileEntry, Folder, FolderSummary } from '@agora/contracts';

export { ok, stubApi } from '../../../testing/stub-api.ts';

export const SELF_ID = 'a'.repeat(24);
export const OTHER_ID = 'c'.repeat(24);
export const SESSION = { member: { id: SELF_ID, displayName: 'Max Member' }, csrf_token: 'csrf', locale: 'en' };

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(23, '0')}`;

const FOLDER_CAN = { add_files: true, create_subfolders: true, update: true, destroy: true, review: false };

export function summary(overrides: Partial<FolderSummary> & { id: string; name: string }): FolderSummary {
  return {
    parent_folder_id: null,
    description: '',
    folder_profile: {},
    i18n_type: 'folder',
    type: 'folder',
    namespace: 'network',
    group: null,
    requires_approval: false,
    total_files_count: 0,
    total_subfolders_count: 0,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-05T09:00:00.000Z',
    html_url: `/files/folders/${overrides.id}`,
    can: FOLDER_CAN,
    ...overrides,
  };
}

export function folder(overrides: Partial<Folder> & { id: string; name: string }): Folder {
  return {
    ...summary(overrides),
    folder_path: [{ id: overrides.id, name: overrides.name }],
    subfolders: [],
    files: [],
    ...overrides,
  };
}

export function file(overrides: Partial<FileEntry> & { id: string; name: string }): FileEntry {
  return {
    original_filename: overrides.name,
    extension: overrides.name.split('.').pop() ?? '',
    size: 2048,
    content_type: 'application/pdf',
    version: 1,
    finalizedAt: null,
    lockedUntil: null,
    lockedById: null,
    author: { id: SELF_ID, displayName: 'Max Member', name: 'max', deleted: false },
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-05T09:00:00.000Z',
    description: '',
    file_profile: {},
    folder_ids: [],
    folder_link_id: null,
    view_count: 0,
    pending_versions_count: 0,
    token: null,
    url: `/api/storage/files/${overrides.id}/get/${overrides.name}`,
    html_url: `/files/${overrides.id}`,
    can: { destroy: true, lock: true, update: true, review: false },
    ...overrides,
  };
}

export const NETWORK_ROOT = summary({
  id: id('1', 1),
  name: 'root',
  type: 'root_folder',
  i18n_type: 'root_folder.network',
  total_files_count: 3,
});
export const GROUP_ROOT = summary({
  id: id('1', 2),
  name: 'root',
  type: 'root_folder',
  i18n_type: 'root_folder.group',
  namespace: 'group',
  group: { id: id('9', 1), slug: 'engineering', name: 'Engineering' },
  total_files_count: 1,
  total_subfolders_count: 2,
});

export const folderId = (n: number) => id('2', n);
export const fileId = (n: number) => id('3', n);

import type { FileEntry, FileVersion } from '@agora/contracts';

/**
 * The module's page addresses: network-wide under /files, within a group under
 * /groups/{slug}/files (the same pages, in the group's frame).
 */
export function filesBase(groupSlug?: string | null): string {
  return groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/files` : '/files';
}

export const folderPath = (folderId: string, groupSlug?: string | null) =>
  `${filesBase(groupSlug)}/folders/${encodeURIComponent(folderId)}`;
export const folderEditPath = (folderId: string, groupSlug?: string | null) =>
  `${folderPath(folderId, groupSlug)}/edit`;
export const newFolderPath = (parentId: string, groupSlug?: string | null) =>
  `${filesBase(groupSlug)}/folders/new?folder_id=${encodeURIComponent(parentId)}`;
export const newFilesPath = (folderId: string, groupSlug?: string | null) =>
  `${filesBase(groupSlug)}/new?folder_id=${encodeURIComponent(folderId)}`;
export const filePath = (fileId: string, groupSlug?: string | null) =>
  `${filesBase(groupSlug)}/${encodeURIComponent(fileId)}`;
export const fileEditPath = (fileId: string, groupSlug?: string | null) => `${filePath(fileId, groupSlug)}/edit`;
export const newVersionPath = (fileId: string, groupSlug?: string | null) =>
  `${filePath(fileId, groupSlug)}/versions/new`;

/** The name a download is saved under: the file's own, with its extension. */
export function downloadName(file: Pick<FileEntry, 'name' | 'extension'>): string {
  const suffix = file.extension ? `.${file.extension}` : '';
  return suffix && !file.name.toLowerCase().endsWith(suffix.toLowerCase()) ? file.name + suffix : file.name;
}

/** The download address of the current version, or of an older one (`_=v{major}`). */
export function downloadUrl(
  file: Pick<FileEntry, 'id' | 'name' | 'extension' | 'token'>,
  version?: Pick<FileVersion, 'version'>,
): string {
  const query = new URLSearchParams({ download: '1' });
  if (version) query.set('_', `v${version.version}`);
  if (file.token) query.set('token', file.token);
  return `/api/storage/files/${encodeURIComponent(file.id)}/get/${encodeURIComponent(downloadName(file))}?${query}`;
}

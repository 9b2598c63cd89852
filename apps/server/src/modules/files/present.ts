import type { FileAuthor, FileEntry, FileVersion, FolderI18nType, FolderSummary } from '@agora/contracts';
import { memberName, type MembershipRow } from '../members/index.ts';
import { fileCan, folderCan, readsFolder, type FileLock, type FilesAccess } from './access.ts';
import type { FileRow, FileVersionRow, FolderRow } from './tables.ts';

export type FolderCounts = { folders: number; files: number };

function i18nTypeOf(folder: FolderRow): FolderI18nType {
  if (folder.type === 'root_folder')
    return folder.contextType === 'network' ? 'root_folder.network' : 'root_folder.group';
  return folder.type;
}

/** The web app's prefix of a folder tree's pages: `/files` or `/groups/{slug}/files`. */
export function filesPrefix(access: FilesAccess, folder: FolderRow): string {
  const group = folder.contextType === 'group' ? access.groups.get(folder.contextId) : undefined;
  return group ? `/groups/${group.slug}/files` : '/files';
}

export function presentFolderSummary(access: FilesAccess, folder: FolderRow, counts: FolderCounts): FolderSummary {
  const group = folder.contextType === 'group' ? access.groups.get(folder.contextId) : undefined;
  return {
    id: folder.id,
    parent_folder_id: folder.parentFolderId,
    name: folder.name,
    description: folder.description,
    folder_profile: folder.folderProfile,
    i18n_type: i18nTypeOf(folder),
    type: folder.type,
    namespace: folder.contextType,
    group: group ? { id: group.id, slug: group.slug, name: group.name } : null,
    requires_approval: folder.requiresApproval,
    total_files_count: counts.files,
    total_subfolders_count: counts.folders,
    created_at: folder.createdAt.toISOString(),
    updated_at: folder.updatedAt.toISOString(),
    html_url: `${filesPrefix(access, folder)}/folders/${folder.id}`,
    can: folderCan(access, folder),
  };
}

export function presentFolder(
  access: FilesAccess,
  folder: FolderRow,
  counts: FolderCounts,
  path: Array<{ id: string; name: string }>,
  subfolders: FolderSummary[],
  files: FileEntry[],
) {
  return {
    ...presentFolderSummary(access, folder, counts),
    folder_path: path.map((p) => ({ id: p.id, name: p.name })),
    subfolders,
    files,
  };
}

export function presentAuthor(id: string | null, member: MembershipRow | undefined): FileAuthor {
  if (!member) return { id, displayName: '', name: '', deleted: true };
  const name = `${member.firstName} ${member.lastName}`.trim();
  return { id: member.id, displayName: memberName(member), name, deleted: member.deletedAt !== null };
}

/** The download path of a file's current bytes (`?_=v{major}` for an older version). */
export const fileUrl = (id: string, name: string) => `/api/storage/files/${id}/get/${encodeURIComponent(name)}`;

export type FileExtras = {
  author: MembershipRow | undefined;
  lock: FileLock | null;
  token: string | null;
  pendingVersionsCount: number;
  /** The link to the folder the file is listed in; absent: its first folder's. */
  linkId?: string;
  now: Date;
};

export function presentFile(
  access: FilesAccess,
  file: FileRow,
  folders: Array<FolderRow & { linkId?: string }>,
  extras: FileExtras,
): FileEntry {
  const home = folders.find((f) => readsFolder(access, f));
  const lockActive = extras.lock?.lockedUntil && extras.lock.lockedUntil > extras.now ? extras.lock : null;
  return {
    id: file.id,
    name: file.name,
    original_filename: file.originalFilename,
    extension: file.extension,
    size: file.size,
    content_type: file.contentType,
    version: file.version,
    finalizedAt: file.finalizedAt?.toISOString() ?? null,
    lockedUntil: lockActive?.lockedUntil?.toISOString() ?? null,
    lockedById: lockActive?.lockedById ?? null,
    author: presentAuthor(file.authorId, extras.author),
    created_at: file.createdAt.toISOString(),
    updated_at: file.updatedAt.toISOString(),
    description: file.description,
    file_profile: file.fileProfile,
    folder_ids: folders.filter((f) => readsFolder(access, f)).map((f) => f.id),
    folder_link_id: extras.linkId ?? home?.linkId ?? null,
    view_count: file.viewCount,
    pending_versions_count: extras.pendingVersionsCount,
    token: extras.token,
    url: fileUrl(file.id, file.originalFilename),
    html_url: `${home ? filesPrefix(access, home) : '/files'}/${file.id}`,
    can: fileCan(access, file, folders, extras.lock, extras.now),
  };
}

export function presentVersion(
  file: FileRow,
  version: Pick<FileVersionRow, 'version' | 'originalFilename' | 'extension' | 'size' | 'authorId' | 'createdAt'>,
  author: MembershipRow | undefined,
): FileVersion {
  const url = fileUrl(file.id, version.originalFilename);
  return {
    version: version.version,
    original_filename: version.originalFilename,
    extension: version.extension,
    size: version.size,
    author: presentAuthor(version.authorId, author),
    created_at: version.createdAt.toISOString(),
    url: version.version === file.version ? url : `${url}?_=v${version.version}`,
  };
}

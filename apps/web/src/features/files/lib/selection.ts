import type { FileEntry, FolderSummary } from '@agora/contracts';

/** Why an item of the table may not be moved or deleted; null when it may. */
export type Blocked = { reason: 'locked'; until: string } | { reason: 'finalized' } | { reason: 'forbidden' } | null;

/** Whether a file is locked by someone other than the member (a lock that has not run out). */
export function lockedByOther(
  file: Pick<FileEntry, 'lockedUntil' | 'lockedById'>,
  memberId: string | null,
  now = Date.now(),
): boolean {
  if (!file.lockedUntil || new Date(file.lockedUntil).getTime() <= now) return false;
  return file.lockedById !== memberId;
}

/** What keeps a file from being moved or deleted: a lock of someone else's, finalization, no right. */
export function fileBlocked(file: FileEntry, memberId: string | null, now = Date.now()): Blocked {
  if (lockedByOther(file, memberId, now)) return { reason: 'locked', until: file.lockedUntil! };
  if (file.finalizedAt) return { reason: 'finalized' };
  if (!file.can.destroy) return { reason: 'forbidden' };
  return null;
}

/** Special folders (roots, stream folders) and folders the member may not delete stay where they are. */
export function folderBlocked(folder: FolderSummary): Blocked {
  if (folder.type !== 'folder' || !folder.can.destroy) return { reason: 'forbidden' };
  return null;
}

export type Selection = { fileIds: string[]; folderIds: string[] };

/** The toolbar's rules: any selection may be downloaded; move and delete only when no selected item is blocked. */
export function selectionActions(
  selection: Selection,
  files: FileEntry[],
  folders: FolderSummary[],
  memberId: string | null,
  now = Date.now(),
) {
  const count = selection.fileIds.length + selection.folderIds.length;
  const blocked =
    files.some((file) => selection.fileIds.includes(file.id) && fileBlocked(file, memberId, now) !== null) ||
    folders.some((folder) => selection.folderIds.includes(folder.id) && folderBlocked(folder) !== null);
  return { count, download: count > 0, move: count > 0 && !blocked, delete: count > 0 && !blocked, blocked };
}

/**
 * The domain events of folders and files. Processors (unread counts, the audit log, posts to
 * streams) read them; `context` is the folder tree's context (`network` or `group` and its id).
 */
export const FILE_EVENTS = {
  published: 'file.published',
  updated: 'file.updated',
  versionAdded: 'file.version_added',
  destroyed: 'file.destroyed',
  moved: 'file.moved',
  pendingVersionAdded: 'file.pending_version_added',
  pendingVersionApproved: 'file.pending_version_approved',
  pendingVersionDeclined: 'file.pending_version_declined',
  /** The office editor reported the current version's insertions, deletions, changes and comments. */
  reviewStatusUpdated: 'file.review_status_updated',
  /** A folder tree named other reviewers (`changes.added_ids`, `removed_ids`). */
  reviewersUpdated: 'file_reviewers.updated',
  /** The current version's text was extracted for search (recorded by the extraction job). */
  textExtracted: 'file.text_extracted',
  folderCreated: 'folder.created',
  folderUpdated: 'folder.updated',
  folderMoved: 'folder.moved',
  folderDestroyed: 'folder.destroyed',
  folderExported: 'folder.exported',
} as const;

/** Storage owner types: a file's current bytes, a pending version's bytes, a folder export's archives. */
export const FILE_OWNER = 'file';
export const PENDING_VERSION_OWNER = 'file_pending_version';
export const FOLDER_EXPORT_OWNER = 'folder_export';

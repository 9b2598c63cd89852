import type { EventInput } from '../events/index.ts';
import type { StoredObjectRow } from './tables.ts';

/** An upload became published: by its uploader's publish call or by being attached to an owner. */
export const UPLOAD_PUBLISHED = 'upload.published';
/** A published or volatile upload was removed: by a member, or with the object that owned it. */
export const UPLOAD_REMOVED = 'upload.removed';

/** What an upload's events carry: enough to name the file once it is gone. */
export type UploadEventChanges = {
  name: string;
  directory: string;
  content_type: string;
  size: number;
  uploader_id: string;
  owner: { type: string; id: string } | null;
};

export function uploadEvent(type: string, row: StoredObjectRow, actorId: string | null): EventInput {
  const changes: UploadEventChanges = {
    name: row.name,
    directory: row.directory,
    content_type: row.contentType,
    size: row.size,
    uploader_id: row.uploaderId,
    owner: row.ownerType && row.ownerId ? { type: row.ownerType, id: row.ownerId } : null,
  };
  return {
    networkId: row.networkId,
    type,
    actorId,
    subject: { type: 'upload', id: row.id },
    context: changes.owner,
    changes,
  };
}

import type { LockAnswer, StoredItem } from '@agora/contracts';
import type { StoredObjectRow } from './tables.ts';

/** A stored object as the Uploaded item of the spec; `token` only where a download link needs one. */
export function presentStoredItem(row: StoredObjectRow, token: string | null = null): StoredItem {
  return {
    id: row.id,
    name: row.name,
    type: row.contentType,
    size: row.size,
    extension: row.extension,
    external_id: row.externalId,
    state: row.state as StoredItem['state'],
    token,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentLock(row: StoredObjectRow): LockAnswer {
  return { locked_until: row.lockedUntil?.toISOString() ?? null, locked_by_id: row.lockedById };
}

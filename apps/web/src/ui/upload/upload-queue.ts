import type { StoredItem, UploadState } from '@agora/contracts';

/**
 * An item of an upload field (communication spec, section 3, Uploaded item). Items loaded with
 * their owner carry no state and count as published (section 4, Uploads).
 */
export type UploadItem = {
  clientId: string;
  id?: string;
  name: string;
  size: number;
  type: string;
  extension: string;
  external_id: string | null;
  /** 0-100 while uploading. */
  progress: number;
  state?: UploadState;
  /** The HTTP status of a failed upload (0 when the server was not reached). */
  status?: number;
  token?: string | null;
};

/** What an upload is started from: a File, or anything with its name, size and type. */
export type UploadSource = { name: string; size: number; type: string };

let clientCounter = 0;

/**
 * A page-unique id for an item before the server gives it one. A counter rather than
 * crypto.randomUUID, which browsers offer only on https (and an intranet may run on http).
 */
export function nextClientId(): string {
  clientCounter += 1;
  return `upload-${Date.now().toString(36)}-${clientCounter}`;
}

export function stateOf(item: UploadItem): UploadState {
  return item.state ?? 'published';
}

/** The lower-case extension without its dot ("" without one), as the extension filter compares it. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function queuedItem(source: UploadSource, clientId: string, externalId: string | null = null): UploadItem {
  return {
    clientId,
    name: source.name,
    size: source.size,
    type: source.type,
    extension: extensionOf(source.name),
    external_id: externalId,
    progress: 0,
    state: 'uploading',
  };
}

/** An item the owner already has (loaded with an appointment, a message ...). */
export function itemFromStored(stored: StoredItem, clientId = `stored-${stored.id}`): UploadItem {
  return {
    clientId,
    id: stored.id,
    name: stored.name,
    size: stored.size,
    type: stored.type,
    extension: stored.extension,
    external_id: stored.external_id,
    progress: 100,
    state: stored.state,
    token: stored.token,
  };
}

/**
 * Changes the one item with this client id (if it is in the expected state), else hands back the
 * same array: an upload that finishes after its item was removed must not bring it back.
 */
function updateItem(
  items: UploadItem[],
  clientId: string,
  from: UploadState[],
  change: (item: UploadItem) => UploadItem,
): UploadItem[] {
  const index = items.findIndex((item) => item.clientId === clientId);
  const item = items[index];
  if (!item || !from.includes(stateOf(item))) return items;
  const next = change(item);
  if (next === item) return items;
  return items.with(index, next);
}

/**
 * Progress only rises, and stays below 100 until the server has answered: the last bytes sent are
 * not yet a stored file (the server still sniffs and scans it).
 */
export function setProgress(items: UploadItem[], clientId: string, progress: number): UploadItem[] {
  const value = Math.min(99, Math.max(0, Math.floor(progress)));
  return updateItem(items, clientId, ['uploading'], (item) =>
    value > item.progress ? { ...item, progress: value } : item,
  );
}

/** uploading -> volatile, or quarantine when the virus scanner kept it. */
export function markUploaded(items: UploadItem[], clientId: string, stored: StoredItem): UploadItem[] {
  return updateItem(items, clientId, ['uploading'], (item) => ({
    ...item,
    id: stored.id,
    name: stored.name,
    size: stored.size,
    type: stored.type,
    extension: stored.extension,
    external_id: stored.external_id,
    token: stored.token,
    progress: 100,
    state: stored.state === 'quarantine' ? 'quarantine' : 'volatile',
  }));
}

/** uploading -> failed, keeping the HTTP status. */
export function markFailed(items: UploadItem[], clientId: string, status: number): UploadItem[] {
  return updateItem(items, clientId, ['uploading'], (item) => ({ ...item, state: 'failed', status }));
}

/**
 * Removing asks first, except for a failed item, which has nothing to lose (field's concern;
 * the model only says which ones).
 */
export function needsConfirmation(item: UploadItem): boolean {
  return stateOf(item) !== 'failed';
}

/**
 * Failed and unfinished items are simply dropped (nothing of them is kept on the server); stored
 * ones (volatile, published, quarantine) become removed and are deleted when the form is saved.
 */
export function removeItem(items: UploadItem[], clientId: string): UploadItem[] {
  const item = items.find((candidate) => candidate.clientId === clientId);
  if (!item) return items;
  const state = stateOf(item);
  if (state === 'removed') return items;
  if (state === 'failed' || state === 'uploading' || !item.id) {
    return items.filter((candidate) => candidate !== item);
  }
  return items.map((candidate) => (candidate === item ? { ...candidate, state: 'removed' as const } : candidate));
}

/** What the field lists: everything but the removed. */
export function visibleItems(items: UploadItem[]): UploadItem[] {
  return items.filter((item) => stateOf(item) !== 'removed');
}

/** What counts toward maxFiles: the listed items that are or will be files (not the failed). */
export function countTowardLimit(items: UploadItem[]): number {
  return items.filter((item) => !['removed', 'failed'].includes(stateOf(item))).length;
}

export function isUploading(items: UploadItem[]): boolean {
  return items.some((item) => stateOf(item) === 'uploading');
}

/** The items the form publishes on save. */
export function volatileItems(items: UploadItem[]): Array<UploadItem & { id: string }> {
  return items.filter((item): item is UploadItem & { id: string } => stateOf(item) === 'volatile' && !!item.id);
}

/** The ids to delete on save. */
export function pendingRemovals(items: UploadItem[]): string[] {
  return items.filter((item) => stateOf(item) === 'removed' && item.id).map((item) => item.id!);
}

/** The ids the owner keeps after saving: the published and the volatile (published on save). */
export function keptIds(items: UploadItem[]): string[] {
  return items.filter((item) => ['published', 'volatile'].includes(stateOf(item)) && item.id).map((item) => item.id!);
}

/** volatile -> published for the items the server published. */
export function markPublished(items: UploadItem[], published: StoredItem[]): UploadItem[] {
  const byId = new Map(published.map((stored) => [stored.id, stored]));
  return items.map((item) => {
    const stored = item.id ? byId.get(item.id) : undefined;
    if (!stored || stateOf(item) !== 'volatile') return item;
    return {
      ...item,
      name: stored.name,
      size: stored.size,
      type: stored.type,
      token: stored.token,
      state: 'published',
    };
  });
}

/** Drops removed items once the server has deleted them. */
export function dropDeleted(items: UploadItem[], deletedIds: string[]): UploadItem[] {
  const deleted = new Set(deletedIds);
  return items.filter((item) => !(stateOf(item) === 'removed' && item.id && deleted.has(item.id)));
}

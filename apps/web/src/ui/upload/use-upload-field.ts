import { useCallback, useMemo, useRef, useState } from 'react';
import type { PublishAnswer, PublishBody, StorageDirectory, StoredItem } from '@agora/contracts';
import { api, ApiError } from '../../app/api-client.ts';
import {
  dropDeleted,
  isUploading,
  itemFromStored,
  keptIds,
  markPublished,
  pendingRemovals,
  volatileItems,
  type UploadItem,
} from './upload-queue.ts';

/** Thrown by publish() and save() while an item still uploads: the form must not save yet. */
export class UploadsPendingError extends Error {
  constructor() {
    super('uploads_pending');
  }
}

function toItems(initial: ReadonlyArray<StoredItem | UploadItem>): UploadItem[] {
  return initial.map((entry) => ('clientId' in entry ? entry : itemFromStored(entry)));
}

/** `POST /api/storage/{directory}/publish` for the volatile items: volatile -> published. */
export async function publishItems(directory: StorageDirectory, items: UploadItem[]): Promise<StoredItem[]> {
  const volatile = volatileItems(items);
  if (volatile.length === 0) return [];
  const body: PublishBody = { [directory]: volatile.map((item) => ({ id: item.id })) };
  const answer = await api<PublishAnswer>(`/api/storage/${directory}/publish`, { method: 'POST', body });
  return answer?.[directory] ?? [];
}

/**
 * `DELETE /api/storage/{directory}/{id}` for each removed item, in parallel. Answers the ids that
 * are gone (404 counts: someone was quicker) and the first other error, if any.
 */
export async function deleteItems(
  directory: StorageDirectory,
  ids: string[],
): Promise<{ deleted: string[]; error: unknown }> {
  const results = await Promise.allSettled(
    ids.map((id) => api<void>(`/api/storage/${directory}/${encodeURIComponent(id)}`, { method: 'DELETE' })),
  );
  const deleted: string[] = [];
  let error: unknown = null;
  results.forEach((result, index) => {
    const gone = result.status === 'fulfilled' || (result.reason instanceof ApiError && result.reason.status === 404);
    if (gone) deleted.push(ids[index]!);
    else error ??= result.reason;
  });
  return { deleted, error };
}

/**
 * The state of one upload field for the form that owns it:
 *
 *   const images = useUploadField('images', appointment.images);
 *   <UploadField {...images.fieldProps} label={t('images')} />
 *   <Button disabled={images.isUploading} onClick={() => images.save((ids) => saveAppointment(ids))} />
 *
 * save() publishes the volatile items, lets the owner persist the ids it keeps, and only then
 * deletes the removed items, so a failed save leaves nothing the owner still points to deleted.
 */
export function useUploadField(directory: StorageDirectory, initial: ReadonlyArray<StoredItem | UploadItem> = []) {
  const [items, setItemsState] = useState<UploadItem[]>(() => toItems(initial));
  // publish() and save() are awaited across renders; they read and write the latest items, which
  // only setItems changes.
  const latest = useRef(items);

  const setItems = useCallback((next: UploadItem[] | ((items: UploadItem[]) => UploadItem[])) => {
    const value = typeof next === 'function' ? next(latest.current) : next;
    latest.current = value;
    setItemsState(value);
  }, []);

  const reset = useCallback(
    (stored: ReadonlyArray<StoredItem | UploadItem> = []) => setItems(toItems(stored)),
    [setItems],
  );

  const publish = useCallback(async (): Promise<StoredItem[]> => {
    if (isUploading(latest.current)) throw new UploadsPendingError();
    const published = await publishItems(directory, latest.current);
    if (published.length > 0) setItems((current) => markPublished(current, published));
    return published;
  }, [directory, setItems]);

  const deleteRemoved = useCallback(async (): Promise<void> => {
    const ids = pendingRemovals(latest.current);
    if (ids.length === 0) return;
    const { deleted, error } = await deleteItems(directory, ids);
    setItems((current) => dropDeleted(current, deleted));
    if (error) throw error;
  }, [directory, setItems]);

  const save = useCallback(
    async <T>(persist?: (ids: string[]) => Promise<T>): Promise<T | undefined> => {
      await publish();
      const result = persist ? await persist(keptIds(latest.current)) : undefined;
      await deleteRemoved();
      return result;
    },
    [publish, deleteRemoved],
  );

  const fieldProps = useMemo(() => ({ directory, value: items, onChange: setItems }), [directory, items, setItems]);

  return {
    items,
    setItems,
    fieldProps,
    isUploading: isUploading(items),
    pendingRemovals: pendingRemovals(items),
    keptIds: keptIds(items),
    publish,
    deleteRemoved,
    save,
    reset,
  };
}

export type UploadFieldState = ReturnType<typeof useUploadField>;

import { describe, expect, it } from 'vitest';
import type { StoredItem } from '@agora/contracts';
import {
  countTowardLimit,
  dropDeleted,
  extensionOf,
  isUploading,
  itemFromStored,
  keptIds,
  markFailed,
  markPublished,
  markUploaded,
  needsConfirmation,
  nextClientId,
  pendingRemovals,
  queuedItem,
  removeItem,
  setProgress,
  stateOf,
  visibleItems,
  volatileItems,
  type UploadItem,
} from './upload-queue.ts';

function stored(id: string, state: StoredItem['state'] = 'volatile', name = `${id}.png`): StoredItem {
  return {
    id,
    name,
    type: 'image/png',
    size: 1234,
    extension: 'png',
    external_id: null,
    state,
    token: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const file = (name: string) => ({ name, size: 2000, type: 'image/png' });

describe('the upload queue', () => {
  it('starts an item as uploading with progress 0 and the lower-case extension', () => {
    const item = queuedItem(file('Foto.JPG'), 'c1', 'ext-1');
    expect(item).toMatchObject({
      clientId: 'c1',
      name: 'Foto.JPG',
      extension: 'jpg',
      external_id: 'ext-1',
      progress: 0,
      state: 'uploading',
    });
    expect(isUploading([item])).toBe(true);
  });

  it('reads extensions as the filter compares them', () => {
    expect(extensionOf('report.final.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('gives unique client ids', () => {
    expect(nextClientId()).not.toBe(nextClientId());
  });

  it('counts items without a state as published', () => {
    const legacy: UploadItem = { ...itemFromStored(stored('a', 'published')), state: undefined };
    expect(stateOf(legacy)).toBe('published');
    expect(keptIds([legacy])).toEqual(['a']);
  });

  it('lets progress rise only, below 100 until the server answered', () => {
    let items = [queuedItem(file('a.png'), 'c1')];
    items = setProgress(items, 'c1', 40.7);
    expect(items[0]!.progress).toBe(40);
    expect(setProgress(items, 'c1', 30)).toBe(items);
    items = setProgress(items, 'c1', 100);
    expect(items[0]!.progress).toBe(99);
  });

  it('goes uploading -> volatile with the server id, progress 100', () => {
    const items = markUploaded([queuedItem(file('a.png'), 'c1')], 'c1', stored('id1'));
    expect(items[0]).toMatchObject({ id: 'id1', state: 'volatile', progress: 100 });
    expect(isUploading(items)).toBe(false);
    expect(volatileItems(items).map((item) => item.id)).toEqual(['id1']);
  });

  it('goes uploading -> quarantine when the scanner kept the file', () => {
    const items = markUploaded([queuedItem(file('a.png'), 'c1')], 'c1', stored('id1', 'quarantine'));
    expect(stateOf(items[0]!)).toBe('quarantine');
    expect(volatileItems(items)).toEqual([]);
    expect(keptIds(items)).toEqual([]);
  });

  it('goes uploading -> failed keeping the HTTP status', () => {
    const items = markFailed([queuedItem(file('a.png'), 'c1')], 'c1', 413);
    expect(items[0]).toMatchObject({ state: 'failed', status: 413 });
    expect(countTowardLimit(items)).toBe(0);
  });

  it('ignores answers for items no longer uploading', () => {
    const items = [queuedItem(file('a.png'), 'c1')];
    const removed = removeItem(items, 'c1');
    expect(removed).toEqual([]);
    expect(markUploaded(removed, 'c1', stored('id1'))).toEqual([]);
    const failed = markFailed(items, 'c1', 500);
    expect(markUploaded(failed, 'c1', stored('id1'))).toBe(failed);
    expect(setProgress(failed, 'c1', 50)).toBe(failed);
  });

  it('drops failed items on remove without asking', () => {
    const items = markFailed([queuedItem(file('a.png'), 'c1')], 'c1', 500);
    expect(needsConfirmation(items[0]!)).toBe(false);
    expect(removeItem(items, 'c1')).toEqual([]);
  });

  it('marks volatile and published items removed (after confirmation) and deletes them on save', () => {
    const items = [itemFromStored(stored('v1', 'volatile')), itemFromStored(stored('p1', 'published'))];
    expect(items.every(needsConfirmation)).toBe(true);
    let next = removeItem(removeItem(items, items[0]!.clientId), items[1]!.clientId);
    expect(next.map(stateOf)).toEqual(['removed', 'removed']);
    expect(visibleItems(next)).toEqual([]);
    expect(pendingRemovals(next)).toEqual(['v1', 'p1']);
    expect(keptIds(next)).toEqual([]);
    expect(removeItem(next, items[0]!.clientId)).toBe(next);
    next = dropDeleted(next, ['v1']);
    expect(pendingRemovals(next)).toEqual(['p1']);
  });

  it('goes volatile -> published with what the server published', () => {
    const items = [
      itemFromStored(stored('v1')),
      itemFromStored(stored('v2')),
      itemFromStored(stored('p1', 'published')),
    ];
    const next = markPublished(items, [{ ...stored('v1', 'published'), token: 't1' }]);
    expect(next.map(stateOf)).toEqual(['published', 'volatile', 'published']);
    expect(next[0]!.token).toBe('t1');
    expect(keptIds(next)).toEqual(['v1', 'v2', 'p1']);
  });

  it('counts toward maxFiles what is or will be a file', () => {
    const items = [
      queuedItem(file('a.png'), 'c1'),
      itemFromStored(stored('v1')),
      markFailed([queuedItem(file('b.png'), 'c2')], 'c2', 500)[0]!,
      { ...itemFromStored(stored('r1')), state: 'removed' as const },
    ];
    expect(countTowardLimit(items)).toBe(2);
    expect(visibleItems(items)).toHaveLength(3);
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredItem } from '@agora/contracts';
import { stubFetch } from '../../testing/render.tsx';
import { queuedItem, removeItem, type UploadItem } from './upload-queue.ts';
import { useUploadField, UploadsPendingError } from './use-upload-field.ts';

function stored(id: string, state: StoredItem['state'] = 'volatile'): StoredItem {
  return {
    id,
    name: `${id}.pdf`,
    type: 'application/pdf',
    size: 10,
    extension: 'pdf',
    external_id: null,
    state,
    token: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('useUploadField', () => {
  it('starts from the owner stored items as published', () => {
    const { result } = renderHook(() => useUploadField('files', [stored('p1', 'published')]));
    expect(result.current.items.map((item) => [item.id, item.state])).toEqual([['p1', 'published']]);
    expect(result.current.keptIds).toEqual(['p1']);
    expect(result.current.fieldProps.directory).toBe('files');
  });

  it('publishes the volatile items keyed by directory', async () => {
    const calls = stubFetch({
      'POST /api/storage/images/publish': { status: 200, body: { images: [stored('v1', 'published')] } },
    });
    const { result } = renderHook(() => useUploadField('images', [stored('v1'), stored('p1', 'published')]));
    let published: StoredItem[] = [];
    await act(async () => {
      published = await result.current.publish();
    });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/storage/images/publish',
        body: { images: [{ id: 'v1' }] },
      }),
    ]);
    expect(published.map((item) => item.id)).toEqual(['v1']);
    expect(result.current.items.map((item) => item.state)).toEqual(['published', 'published']);
  });

  it('makes no call when nothing is volatile', async () => {
    const calls = stubFetch({});
    const { result } = renderHook(() => useUploadField('files', [stored('p1', 'published')]));
    await act(async () => {
      await result.current.publish();
    });
    expect(calls).toEqual([]);
  });

  it('refuses to publish while an item uploads', async () => {
    const calls = stubFetch({});
    const { result } = renderHook(() => useUploadField('files', [stored('v1')]));
    act(() => result.current.setItems((items: UploadItem[]) => [...items, queuedItem(new File(['x'], 'a.pdf'), 'c1')]));
    expect(result.current.isUploading).toBe(true);
    await expect(result.current.publish()).rejects.toBeInstanceOf(UploadsPendingError);
    await expect(result.current.save()).rejects.toBeInstanceOf(UploadsPendingError);
    expect(calls).toEqual([]);
  });

  it('saves in order: publish, persist the kept ids, then delete the removed (404 counts as gone)', async () => {
    const calls = stubFetch({
      'POST /api/storage/files/publish': { status: 200, body: { files: [stored('v1', 'published')] } },
      'DELETE /api/storage/files/p1': { status: 204 },
    });
    const { result } = renderHook(() =>
      useUploadField('files', [stored('v1'), stored('p1', 'published'), stored('p2', 'published')]),
    );
    act(() => result.current.setItems((items) => removeItem(removeItem(items, 'stored-p1'), 'stored-p2')));
    expect(result.current.pendingRemovals).toEqual(['p1', 'p2']);
    const persisted: string[][] = [];
    await act(async () => {
      await result.current.save(async (ids) => {
        persisted.push(ids);
        calls.push({ method: 'PUT', path: '/owner', headers: {}, body: ids });
      });
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/storage/files/publish',
      'PUT /owner',
      'DELETE /api/storage/files/p1',
      'DELETE /api/storage/files/p2',
    ]);
    expect(persisted).toEqual([['v1']]);
    expect(result.current.items.map((item) => [item.id, item.state])).toEqual([['v1', 'published']]);
    expect(result.current.pendingRemovals).toEqual([]);
  });

  it('keeps removals that failed to delete and reports the error', async () => {
    stubFetch({ 'DELETE /api/storage/files/p1': { status: 500, body: { error: 'internal' } } });
    const { result } = renderHook(() => useUploadField('files', [stored('p1', 'published')]));
    act(() => result.current.setItems((items) => removeItem(items, 'stored-p1')));
    let error: unknown;
    await act(async () => {
      error = await result.current.deleteRemoved().catch((e: unknown) => e);
    });
    expect(error).toMatchObject({ status: 500 });
    expect(result.current.pendingRemovals).toEqual(['p1']);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, setCsrfToken } from '../../app/api-client.ts';
import { FakeXhr } from './fake-xhr.ts';
import { isAbortError, uploadFile } from './upload-file.ts';

const stored = {
  id: '65f0a1b2c3d4e5f6a7b8c9d0',
  name: 'plan.pdf',
  type: 'application/pdf',
  size: 5,
  extension: 'pdf',
  external_id: 'x1',
  state: 'volatile',
  token: 'tok',
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('uploadFile', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = FakeXhr.install();
    setCsrfToken('csrf-1');
  });
  afterEach(() => {
    restore();
    setCsrfToken(null);
  });

  it('posts multipart with the fields and the CSRF header, reports progress and answers the item', async () => {
    const progress: number[] = [];
    const file = new File(['hello'], 'plan.pdf', { type: 'application/pdf' });
    const answer = uploadFile('files', file, { external_id: 'x1', onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/storage/files');
    expect(xhr.headers['x-csrf-token']).toBe('csrf-1');
    expect(xhr.body!.get('name')).toBe('plan.pdf');
    expect(xhr.body!.get('type')).toBe('application/pdf');
    expect(xhr.body!.get('external_id')).toBe('x1');
    expect((xhr.body!.get('file') as File).name).toBe('plan.pdf');
    // The fields come before the file (the server streams the file part).
    expect([...xhr.body!.keys()]).toEqual(['name', 'type', 'external_id', 'file']);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(201, stored);
    await expect(answer).resolves.toEqual(stored);
    expect(progress).toEqual([25, 100]);
  });

  it('rejects with the HTTP status and the server error key', async () => {
    const answer = uploadFile('files', new File(['x'], 'run.exe'));
    FakeXhr.requests[0]!.respond(422, { errors: { file: ['file_type_not_accepted'] } });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).key).toBe('file_type_not_accepted');
  });

  it('rejects with 413 for a file too large, also without a JSON body', async () => {
    const answer = uploadFile('files', new File(['x'], 'big.iso'));
    FakeXhr.requests[0]!.respond(413, undefined);
    await expect(answer).rejects.toMatchObject({ status: 413 });
  });

  it('rejects with status 0 when the server is not reached', async () => {
    const answer = uploadFile('images', new File(['x'], 'a.png'));
    FakeXhr.requests[0]!.fail();
    await expect(answer).rejects.toMatchObject({ status: 0 });
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const answer = uploadFile('images', new File(['x'], 'a.png'), { signal: controller.signal });
    controller.abort();
    const error = await answer.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(FakeXhr.requests[0]!.aborted).toBe(true);
  });

  it('sends no CSRF header without a session token', async () => {
    setCsrfToken(null);
    const answer = uploadFile('images', new File(['x'], 'a.png'));
    const xhr = FakeXhr.requests[0]!;
    expect(xhr.headers['x-csrf-token']).toBeUndefined();
    xhr.respond(201, stored);
    await answer;
  });
});

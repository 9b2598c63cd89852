import type { StoredItem } from '@agora/contracts';
import { ApiError, currentCsrfToken } from '../../app/api-client.ts';

export type UploadFileOptions = {
  /** The percentage of bytes sent, 0-100, as the browser reports it. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The name to store; the file's own by default. */
  name?: string;
  /** The type the client declares; the server sniffs the real one. */
  type?: string;
  external_id?: string | null;
};

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * `POST /api/storage/{directory}` as multipart, with XMLHttpRequest because fetch reports no
 * upload progress. Answers the stored item (volatile, or quarantine); rejects with an ApiError
 * carrying the HTTP status and the server's body (status 0 when the server was not reached), or
 * with an AbortError when the signal aborts.
 */
export function uploadFile(directory: string, file: Blob & { name?: string }, options: UploadFileOptions = {}) {
  return new Promise<StoredItem>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const form = new FormData();
    // The fields come before the file, so that the server, which streams the file part, has read
    // them by the time the bytes arrive.
    form.append('name', options.name ?? file.name ?? 'upload');
    form.append('type', options.type ?? file.type ?? '');
    if (options.external_id) form.append('external_id', options.external_id);
    form.append('file', file, options.name ?? file.name ?? 'upload');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/storage/${encodeURIComponent(directory)}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = currentCsrfToken();
    if (token) xhr.setRequestHeader('x-csrf-token', token);

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => {
      done();
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as StoredItem);
      else reject(new ApiError(xhr.status, body as ApiError['body']));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, null));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.send(form);
  });
}

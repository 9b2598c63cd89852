import type { FieldErrorDetail } from '@agora/contracts';

/**
 * An answer other than 2xx, with the server's body (`{error}` or `{errors: {field: [key]}}`, the
 * latter with `details: {field: {maximum}}` for texts that are too long).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      error?: string;
      errors?: Record<string, string[]>;
      details?: Record<string, FieldErrorDetail>;
    } | null,
    /** Seconds to wait before trying again, as a 429 or 503 says (`Retry-After`). */
    readonly retryAfter: number | null = null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
  }

  /** The message key of the answer: the error, else the first field error, else the status. */
  get key(): string {
    if (this.body?.error) return this.body.error;
    const first = this.body?.errors && Object.values(this.body.errors)[0]?.[0];
    return first ?? `http_${this.status}`;
  }
}

let csrfToken: string | null = null;

/** Every mutation made with the session cookie carries the session's CSRF token. */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

/** The session's CSRF token, for requests made without `api()` (uploads need XHR for progress). */
export function currentCsrfToken(): string | null {
  return csrfToken;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const body = text ? safeJson(text) : null;
  if (!response.ok) throw new ApiError(response.status, body as ApiError['body'], retryAfterOf(response));
  return body as T;
}

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

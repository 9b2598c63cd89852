import { CHAT_TIMINGS, type ChatToken } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';

/** The error the connection reports when no credentials could be fetched (spec 8). */
export const FETCH_CREDENTIALS_FAILED = 'fetch_credentials_failed';

const STORAGE_KEY = 'agora.chat_token';

type Cached = { member_id: string; token: string; expires_at: number };

let cached: Cached | null = null;
let pending: Promise<string> | null = null;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function stored(memberId: string): Cached | null {
  if (cached?.member_id === memberId) return cached;
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Cached) : null;
    return parsed?.member_id === memberId && typeof parsed.token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Still usable: refreshed 3 minutes before it expires, so a reconnect never presents a stale one. */
function fresh(entry: Cached | null, now: number): entry is Cached {
  return !!entry && now < entry.expires_at - CHAT_TIMINGS.credentialRefreshBeforeMs;
}

/**
 * The socket's credentials for this member (`POST /api/v1/chat_token`): cached for their
 * lifetime (3 h) in memory and in sessionStorage, so a reload or a reconnect costs no request;
 * fetched anew 3 minutes before they expire. Concurrent callers share one request.
 */
export function chatCredentials(memberId: string): Promise<string> {
  const entry = stored(memberId);
  if (fresh(entry, Date.now())) {
    cached = entry;
    return Promise.resolve(entry.token);
  }
  pending ??= api<ChatToken>('/api/v1/chat_token', { method: 'POST' })
    .then((answer) => {
      const expiresAt = Date.parse(answer.expires_at);
      cached = {
        member_id: memberId,
        token: answer.token,
        expires_at: Number.isFinite(expiresAt) ? expiresAt : Date.now() + answer.expires_in * 1000,
      };
      try {
        storage()?.setItem(STORAGE_KEY, JSON.stringify(cached));
      } catch {
        // A full or blocked storage only costs a request on the next page load.
      }
      return answer.token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** When the cached credentials should be fetched anew (ms from now), or null without any. */
export function credentialsRefreshIn(memberId: string): number | null {
  const entry = stored(memberId);
  if (!entry) return null;
  return Math.max(0, entry.expires_at - CHAT_TIMINGS.credentialRefreshBeforeMs - Date.now());
}

/** Forgets the credentials (signed out, or the server refused them). */
export function forgetChatCredentials() {
  cached = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The spec's credential retry: after a random 5-10 s, so that clients do not retry in step. */
export function credentialRetryDelay(random: () => number = Math.random): number {
  const { credentialRetryMinMs: min, credentialRetryMaxMs: max } = CHAT_TIMINGS;
  return Math.round(min + random() * (max - min));
}

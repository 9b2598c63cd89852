import { createHmac } from 'node:crypto';
import { safeEqual } from '../auth/tokens.ts';

/** How long a download token works: long enough to open a link in a new tab or an office app. */
export const FILE_TOKEN_TTL_SECONDS = 5 * 60;

/**
 * Short-lived download tokens for one stored object, signed with a key derived from the
 * session secret: `{expires}.{signature}`. Nothing is stored; every server process with the
 * same secret checks them.
 */
export function createFileTokens(secret: string) {
  const key = createHmac('sha256', secret).update('agora storage file token').digest();
  const sign = (networkId: string, id: string, expires: number) =>
    createHmac('sha256', key).update(`${networkId}:${id}:${expires}`).digest('base64url');

  return {
    issue(networkId: string, id: string, now: Date = new Date()): string {
      const expires = Math.floor(now.getTime() / 1000) + FILE_TOKEN_TTL_SECONDS;
      return `${expires}.${sign(networkId, id, expires)}`;
    },
    /** Whether the token was issued for this object and has not expired. */
    verify(token: string, networkId: string, id: string, now: Date = new Date()): boolean {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires * 1000 < now.getTime()) return false;
      return safeEqual(match[2]!, sign(networkId, id, expires));
    },
  };
}

export type FileTokens = ReturnType<typeof createFileTokens>;

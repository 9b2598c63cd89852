import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { FILE_LIMITS } from '@agora/contracts';

/** What an office server may do with a file for a member: issued after the member's rights were checked. */
export type WopiTokenClaims = {
  networkId: string;
  fileId: string;
  membershipId: string;
  /** The action the editor was opened for (`view`, `edit` ...); only a writing one may save. */
  action: string;
  write: boolean;
  /** Milliseconds since the epoch (WOPI's `access_token_ttl`). */
  expiresAt: number;
};

const payloadSchema = z.object({
  n: z.string(),
  f: z.string(),
  m: z.string(),
  a: z.string(),
  w: z.boolean(),
  e: z.number(),
});

export type WopiTokens = {
  sign(claims: Omit<WopiTokenClaims, 'expiresAt'>): { token: string; expiresAt: number };
  /** The claims of a token signed here, not expired; null otherwise. */
  verify(token: string): WopiTokenClaims | null;
};

/**
 * WOPI access tokens are `payload.signature` (base64url; an HMAC-SHA256 over the claims), so any
 * process sharing the session secret accepts them and nothing is stored. The key is derived from
 * the secret for this one purpose: no other token of the server passes for one.
 */
export function createWopiTokens(secret: string, now: () => number = Date.now): WopiTokens {
  const key = createHmac('sha256', secret).update('agora:wopi-token:v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(claims) {
      const expiresAt = now() + FILE_LIMITS.wopiTokenTtlMs;
      const payload = Buffer.from(
        JSON.stringify({
          n: claims.networkId,
          f: claims.fileId,
          m: claims.membershipId,
          a: claims.action,
          w: claims.write,
          e: expiresAt,
        }),
      ).toString('base64url');
      return { token: `${payload}.${signatureOf(payload).toString('base64url')}`, expiresAt };
    },

    verify(token) {
      const [payload, signature, ...extra] = token.split('.');
      if (!payload || !signature || extra.length > 0) return null;
      const expected = signatureOf(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
      if (parsed.e <= now()) return null;
      return {
        networkId: parsed.n,
        fileId: parsed.f,
        membershipId: parsed.m,
        action: parsed.a,
        write: parsed.w,
        expiresAt: parsed.e,
      };
    },
  };
}

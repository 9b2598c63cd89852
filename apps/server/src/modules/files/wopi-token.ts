import { z } from 'zod';
import { FILE_LIMITS } from '@agora/contracts';
import { createSignedTokens } from '../../platform/auth/signed-tokens.ts';

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
 * WOPI access tokens are signed, stateless tokens (`createSignedTokens`) with a key of their own:
 * no other token of the server passes for one.
 */
export function createWopiTokens(secret: string, now: () => number = Date.now): WopiTokens {
  const tokens = createSignedTokens(secret, 'agora:wopi-token:v1', payloadSchema, now);

  return {
    sign(claims) {
      const expiresAt = now() + FILE_LIMITS.wopiTokenTtlMs;
      const token = tokens.sign({
        n: claims.networkId,
        f: claims.fileId,
        m: claims.membershipId,
        a: claims.action,
        w: claims.write,
        e: expiresAt,
      });
      return { token, expiresAt };
    },

    verify(token) {
      const parsed = tokens.verify(token);
      if (!parsed) return null;
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

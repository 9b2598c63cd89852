import { z } from 'zod';
import { createSignedTokens } from '../auth/signed-tokens.ts';

/** How long a token from `POST /api/v1/file_token` may be posted to the archive route. */
export const ARCHIVE_TOKEN_TTL_MS = 10 * 60 * 1000;

/** What a member may have zipped (`POST /api/v1/file_token`): issued after their read rights were checked. */
export type ArchiveTokenClaims = {
  networkId: string;
  membershipId: string;
  fileIds: string[];
  folderIds: string[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
};

const payloadSchema = z.object({
  n: z.string(),
  m: z.string(),
  f: z.array(z.string()),
  d: z.array(z.string()),
  e: z.number(),
});

export type ArchiveTokens = {
  sign(claims: Omit<ArchiveTokenClaims, 'expiresAt'>): string;
  /** The claims of a token signed here and not yet expired, or null. */
  verify(token: string): ArchiveTokenClaims | null;
};

/**
 * Signed, stateless tokens (`createSignedTokens`) with a key of their own: the session secret can
 * be passed without an archive token ever passing for anything else.
 */
export function createArchiveTokens(secret: string, now: () => number = Date.now): ArchiveTokens {
  const tokens = createSignedTokens(secret, 'agora:archive-token:v1', payloadSchema, now);

  return {
    sign(claims) {
      return tokens.sign({
        n: claims.networkId,
        m: claims.membershipId,
        f: claims.fileIds,
        d: claims.folderIds,
        e: now() + ARCHIVE_TOKEN_TTL_MS,
      });
    },

    verify(token) {
      const parsed = tokens.verify(token);
      if (!parsed) return null;
      return {
        networkId: parsed.n,
        membershipId: parsed.m,
        fileIds: parsed.f,
        folderIds: parsed.d,
        expiresAt: parsed.e,
      };
    },
  };
}

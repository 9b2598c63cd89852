import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

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
 * Tokens are `payload.signature`, both base64url: the payload is the claims as JSON, the
 * signature an HMAC-SHA256 over it. No state on the server, so any process of a cluster that
 * shares the secret accepts them. The key is derived from the secret for this one purpose, so
 * the session secret can be passed without an archive token ever passing for anything else.
 */
export function createArchiveTokens(secret: string, now: () => number = Date.now): ArchiveTokens {
  const key = createHmac('sha256', secret).update('agora:archive-token:v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(claims) {
      const payload = Buffer.from(
        JSON.stringify({
          n: claims.networkId,
          m: claims.membershipId,
          f: claims.fileIds,
          d: claims.folderIds,
          e: now() + ARCHIVE_TOKEN_TTL_MS,
        }),
      ).toString('base64url');
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },

    verify(token) {
      const [payload, signature, ...extra] = token.split('.');
      if (!payload || !signature || extra.length) return null;
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
        membershipId: parsed.m,
        fileIds: parsed.f,
        folderIds: parsed.d,
        expiresAt: parsed.e,
      };
    },
  };
}

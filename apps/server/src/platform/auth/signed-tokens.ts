import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/** A token's payload: its claims in short keys, `e` its expiry in milliseconds since the epoch. */
type Payload = { e: number };

export type SignedTokens<P extends Payload> = {
  /** `payload.signature`, both base64url. */
  sign(payload: P): string;
  /** The payload of a token signed here for this purpose and not yet expired, or null. */
  verify(token: string): P | null;
};

/**
 * Stateless tokens: the payload as JSON and an HMAC-SHA256 over it, so any process sharing the
 * secret accepts them and nothing is stored. The key is derived from the secret for one
 * `purpose` (`agora:archive-token:v1`): a token made for one purpose never passes for another.
 */
export function createSignedTokens<P extends Payload>(
  secret: string,
  purpose: string,
  schema: z.ZodType<P>,
  now: () => number = Date.now,
): SignedTokens<P> {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(payload) {
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${signatureOf(encoded).toString('base64url')}`;
    },

    verify(token) {
      const [encoded, signature, ...extra] = token.split('.');
      if (!encoded || !signature || extra.length > 0) return null;
      const expected = signatureOf(encoded);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: P;
      try {
        parsed = schema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
      return parsed.e > now() ? parsed : null;
    },
  };
}

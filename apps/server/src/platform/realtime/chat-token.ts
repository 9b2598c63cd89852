import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_TIMINGS, type ChatToken } from '@agora/contracts';

export type ChatTokenClaims = { sessionId: string; networkId: string; expiresAt: number };

/**
 * The socket's credentials (`POST /api/v1/chat_token`): `payload.signature` in base64url, the
 * payload naming the session and network, signed with a key derived from the session secret for
 * this purpose only. Stateless, so every server process accepts them; the session itself is
 * still looked up at each handshake, so signing out ends them too.
 */
export function createChatTokens(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('agora:chat-token:v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(claims: { sessionId: string; networkId: string }): ChatToken {
      const expiresAt = now() + CHAT_TIMINGS.credentialTtlMs;
      const payload = Buffer.from(JSON.stringify({ s: claims.sessionId, n: claims.networkId, e: expiresAt })).toString(
        'base64url',
      );
      return {
        token: `${payload}.${signatureOf(payload).toString('base64url')}`,
        expires_at: new Date(expiresAt).toISOString(),
        expires_in: Math.floor(CHAT_TIMINGS.credentialTtlMs / 1000),
      };
    },

    /** The claims of a token signed here and not yet expired, or null. */
    verify(token: string): ChatTokenClaims | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      // Compared as text: base64url decoding skips stray characters and unused bits, so
      // comparing decoded bytes would accept many spellings of one signature.
      const expected = Buffer.from(signatureOf(payload).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        const { s, n, e } = parsed;
        if (typeof s !== 'string' || typeof n !== 'string' || typeof e !== 'number' || e <= now()) return null;
        return { sessionId: s, networkId: n, expiresAt: e };
      } catch {
        return null;
      }
    },
  };
}
export type ChatTokens = ReturnType<typeof createChatTokens>;

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebTokenAnswer } from '@agora/contracts';
import { randomToken } from '../../platform/auth/tokens.ts';

/** Long enough for the app to open its web view, short enough that a leaked address is useless. */
export const WEB_TOKEN_TTL_MS = 60_000;

export type WebTokenClaims = { sessionId: string; networkId: string; expiresAt: number; nonce: string };

/**
 * The mobile app's web token (`GET /api/v1/get-web-token`): `payload.signature` in base64url,
 * naming the app's session and network, signed with a key derived from the session secret for
 * this purpose only. Exchanged once (`GET /api/v1/web-session`) for a session of the web view;
 * the app's session must still be live then. Whether a token was exchanged before is not known
 * here: the service records each exchanged nonce in `web_token_redemptions`, shared by every
 * process, so that a token opens one session in all of them together.
 */
export function createWebTokens(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('agora:web-token:v1').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign(claims: { sessionId: string; networkId: string }): WebTokenAnswer {
      const expiresAt = now() + WEB_TOKEN_TTL_MS;
      const payload = Buffer.from(
        JSON.stringify({ s: claims.sessionId, n: claims.networkId, e: expiresAt, r: randomToken(12) }),
      ).toString('base64url');
      return {
        token: `${payload}.${signatureOf(payload)}`,
        expires_at: new Date(expiresAt).toISOString(),
        expires_in: WEB_TOKEN_TTL_MS / 1000,
      };
    },

    /** The claims of a token signed here and not expired (whether it was exchanged is the caller's). */
    verify(token: string): WebTokenClaims | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      // Compared as text: decoding base64url accepts several spellings of one signature.
      const expected = Buffer.from(signatureOf(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: WebTokenClaims;
      try {
        const { s, n, e, r } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        if (typeof s !== 'string' || typeof n !== 'string' || typeof e !== 'number' || typeof r !== 'string')
          return null;
        claims = { sessionId: s, networkId: n, expiresAt: e, nonce: r };
      } catch {
        return null;
      }
      return claims.expiresAt > now() ? claims : null;
    },
  };
}
export type WebTokens = ReturnType<typeof createWebTokens>;

import type { IncomingMessage } from 'node:http';
import type { Actor, NetworkContext } from '../policy/index.ts';
import type { ResolvedSession } from '../auth/request-context.ts';
import { SESSION_COOKIE } from '../auth/request-context.ts';
import { hashToken } from '../auth/tokens.ts';
import type { TrustFunction } from '../http/trust-proxy.ts';
import type { ChatTokens } from './chat-token.ts';

export type HandshakeOptions = {
  resolveNetwork(host: string): Promise<NetworkContext | null>;
  resolveSession(tokenHash: string, networkId: string): Promise<ResolvedSession | null>;
  resolveSessionById(sessionId: string, networkId: string): Promise<ResolvedSession | null>;
  chatTokens: ChatTokens;
  parseCookie(header: string): Record<string, string | undefined>;
  unsignCookie(value: string): { valid: boolean; value: string | null };
  /** The HTTP server's trust function (TRUST_PROXY): X-Forwarded-Host names the host when it trusts the peer. */
  trustProxy: TrustFunction | false;
  /** The deployment's public address; browsers opened on it may connect too. */
  publicUrl: string;
};

/** The host a handshake is addressed to, with its port, as Fastify reads it for HTTP requests. */
function hostWithPort(request: IncomingMessage, trustProxy: TrustFunction | false): string {
  const forwarded = request.headers['x-forwarded-host'];
  const peer = request.socket?.remoteAddress;
  if (trustProxy && peer && trustProxy(peer, 0) && typeof forwarded === 'string' && forwarded) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  }
  return request.headers.host ?? '';
}

function withoutPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0] ?? '';
}

/**
 * The member of a handshake: by the chat token when one is given (`auth: { token }` or the
 * `token` query parameter), else by the same session cookie and host as an HTTP request (see
 * request-context.ts).
 */
export function sessionAuthenticator(options: HandshakeOptions) {
  return async (request: IncomingMessage, token: string | null): Promise<Actor | null> => {
    const network = await options.resolveNetwork(withoutPort(hostWithPort(request, options.trustProxy)));
    if (!network) return null;
    // The chat credentials (`POST /api/v1/chat_token`), when the client sends them.
    if (token !== null) {
      const claims = options.chatTokens.verify(token);
      if (!claims || claims.networkId !== network.id) return null;
      return liveActor(await options.resolveSessionById(claims.sessionId, network.id));
    }
    const raw = options.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = options.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    return liveActor(await options.resolveSession(hashToken(unsigned.value), network.id));
  };
}

/** A session waiting for its second factor opens no live connection. */
function liveActor(session: ResolvedSession | null): Actor | null {
  return session && !session.secondFactorPending ? session.actor : null;
}

/**
 * Browsers send the cookie along with a WebSocket opened by any page of the same site, so a
 * handshake from a page of another origin is refused. Clients that are not browsers send no
 * Origin; they need the cookie itself to get in.
 */
export function sameOrigin(options: Pick<HandshakeOptions, 'trustProxy' | 'publicUrl'>) {
  const publicHost = new URL(options.publicUrl).host.toLowerCase();
  return (request: IncomingMessage): boolean => {
    const origin = request.headers.origin;
    if (!origin) return true;
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return false;
    }
    return originHost === hostWithPort(request, options.trustProxy).toLowerCase() || originHost === publicHost;
  };
}

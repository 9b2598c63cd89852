import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KEYS } from '@agora/contracts';
import type { Actor, AuthRule, NetworkContext } from '../policy/index.ts';
import { forbidden, HttpError, unauthorized } from '../errors.ts';
import { hashToken, safeEqual } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The network the request is addressed to. */
    network: NetworkContext;
    /** The signed-in member, or null. */
    actor: Actor | null;
    /** The CSRF token of the request's session, or null without one. */
    csrfToken: string | null;
    /** True while the session waits for its second factor (a code, or a factor to set up). */
    secondFactorPending: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every route declares it; registration fails otherwise. */
    auth?: AuthRule;
    /** false for the few routes that work without a network (health checks). */
    network?: boolean;
    /** false for the routes that start a session (sign-in, password reset) and need no token. */
    csrf?: boolean;
    /**
     * true for the few routes a session waiting for its second factor reaches (the two-factor
     * calls, the session, signing out); every other route answers it 401 `second_factor_required`.
     */
    secondFactor?: boolean;
  }
}

export const SESSION_COOKIE = 'agora_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type ResolvedSession = {
  actor: Actor;
  csrfToken: string;
  /** The password was right, the second factor is still to be given (or set up). */
  secondFactorPending?: boolean;
};

export type RequestContextOptions = {
  /** The network for a host: by its host name, else the only network there is. */
  resolveNetwork(host: string): Promise<NetworkContext | null>;
  /** The session for the hash of its cookie token, with the member in that network. */
  resolveSession(tokenHash: string, networkId: string): Promise<ResolvedSession | null>;
};

/** The session token from the signed cookie, or null. */
export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/**
 * Resolves the network and the signed-in member of every request, checks the CSRF token of
 * every mutation made with the session cookie, and enforces the route's declared auth rule.
 */
export const requestContext = fp<RequestContextOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('network', null as unknown as NetworkContext);
    app.decorateRequest('actor', null);
    app.decorateRequest('csrfToken', null);
    app.decorateRequest('secondFactorPending', false);

    app.addHook('onRoute', (route) => {
      // HEAD routes are added by Fastify for each GET and share its config.
      if (route.method === 'HEAD') return;
      if (!route.config?.auth) throw new Error(`Route ${String(route.method)} ${route.url} declares no auth rule`);
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (config.network === false) return;
      const network = await options.resolveNetwork(request.hostname);
      if (!network) throw new HttpError(404, { error: 'network_not_found' });
      request.network = network;

      const token = readSessionToken(request);
      if (token) {
        const session = await options.resolveSession(hashToken(token), network.id);
        if (session) {
          request.actor = session.actor;
          request.csrfToken = session.csrfToken;
          request.secondFactorPending = session.secondFactorPending === true;
        }
      }
      // Checked on every request, cached session or not: only the two-factor calls let such a
      // session through; a public route sees a visitor, any other route refuses it.
      if (request.secondFactorPending && config.secondFactor !== true) {
        if ((config.auth ?? 'public') !== 'public') throw unauthorized(ERROR_KEYS.secondFactorRequired);
        request.actor = null;
        request.csrfToken = null;
        request.secondFactorPending = false;
      }
      if (request.actor && !SAFE_METHODS.has(request.method) && config.csrf !== false) {
        const sent = request.headers['x-csrf-token'];
        if (typeof sent !== 'string' || !safeEqual(sent, request.csrfToken ?? '')) throw forbidden(ERROR_KEYS.csrf);
      }
      // Only the not-found handler has no rule: every route declares one (see onRoute above).
      enforce(config.auth ?? 'public', request.actor);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

function enforce(rule: AuthRule, actor: Actor | null): void {
  if (rule === 'public') return;
  if (!actor) throw unauthorized();
  if (rule === 'network_admin' && !actor.isNetworkAdmin) throw forbidden();
}

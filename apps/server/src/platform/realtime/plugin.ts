import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sameOrigin, sessionAuthenticator, type HandshakeOptions } from './handshake.ts';
import type { Realtime } from './realtime.ts';

export type RealtimePluginOptions = Pick<
  HandshakeOptions,
  'resolveNetwork' | 'resolveSession' | 'resolveSessionById' | 'chatTokens' | 'trustProxy' | 'publicUrl'
> & { realtime: Realtime };

/**
 * Attaches the realtime server to the app's HTTP server, authenticated by the session cookie,
 * and closes it with the app: before the HTTP server, whose close would wait for open sockets.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app: FastifyInstance, options) => {
    const { realtime } = options;
    realtime.attach(app.server, {
      authenticate: sessionAuthenticator({
        resolveNetwork: options.resolveNetwork,
        resolveSession: options.resolveSession,
        resolveSessionById: options.resolveSessionById,
        chatTokens: options.chatTokens,
        parseCookie: (header) => app.parseCookie(header),
        unsignCookie: (value) => app.unsignCookie(value),
        trustProxy: options.trustProxy,
        publicUrl: options.publicUrl,
      }),
      allowRequest: sameOrigin(options),
      onError: (err, context) => app.log.warn({ err, context }, 'realtime error'),
    });
    app.addHook('preClose', async () => realtime.close());
    // An app that closes before it was ready runs no preClose hooks.
    app.addHook('onClose', async () => realtime.close());
  },
  { name: 'realtime', dependencies: ['@fastify/cookie'] },
);

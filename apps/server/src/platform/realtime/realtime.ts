import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Actor } from '../policy/index.ts';

export const REALTIME_PATH = '/socket.io';

/** The rooms every connection joins; modules address members and networks through them. */
export const rooms = {
  member: (membershipId: string) => `member:${membershipId}`,
  network: (networkId: string) => `network:${networkId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};

/** What a connection knows about itself once authenticated. */
export type SocketData = { actor: Actor };

/** Decides whether a handshake may connect: the member it belongs to, or null to refuse it. */
export type Authenticate = (request: IncomingMessage) => Promise<Actor | null>;

export type RealtimeOptions = {
  /** With a Redis URL, several server processes share rooms (the adapter publishes through it). */
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
};

export type AttachOptions = {
  authenticate: Authenticate;
  /** Checked before a handshake starts (the page's origin); false refuses it. */
  allowRequest?: (request: IncomingMessage) => boolean;
  onError?: (error: unknown, context: string) => void;
};

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * Messages of a refused handshake, as the client's `connect_error` reports them: without a valid
 * session (sign in again), or when the session could not be checked (try again later).
 */
export const UNAUTHORIZED = 'unauthorized';
export const UNAVAILABLE = 'unavailable';

/**
 * The Socket.IO server. It exists before it is attached to an HTTP server, so that services can
 * push from the start (to nobody until someone connects) and seeds can run without a server.
 */
export function createRealtime(options: RealtimeOptions = {}) {
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, never, SocketData>({
    path: REALTIME_PATH,
    serveClient: false,
  });
  let redis: { pub: Redis; sub: Redis } | null = null;
  let attached = false;
  let closed = false;

  return {
    toMember(membershipIds: string | string[], event: string, payload: unknown): void {
      const ids = Array.isArray(membershipIds) ? membershipIds : [membershipIds];
      if (ids.length === 0) return;
      io.to(ids.map(rooms.member)).emit(event, payload);
    },
    toNetwork(networkId: string, event: string, payload: unknown): void {
      io.to(rooms.network(networkId)).emit(event, payload);
    },
    /** Ends the connections of a session that ended (signed out), on every server process. */
    disconnectSession(sessionId: string): void {
      io.in(rooms.session(sessionId)).disconnectSockets(true);
    },

    /**
     * Serves Socket.IO at `/socket.io` of the HTTP server; only handshakes that `authenticate`
     * accepts connect, and each joins the rooms of its member, network and session.
     */
    attach(server: HttpServer, { authenticate, allowRequest = () => true, onError }: AttachOptions): void {
      if (attached) throw new Error('Realtime is already attached');
      attached = true;
      const report = onError ?? (() => {});
      if (options.redisUrl) {
        const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
        const sub = pub.duplicate();
        for (const client of [pub, sub]) client.on('error', (error) => report(error, 'redis'));
        redis = { pub, sub };
        io.adapter(createAdapter(pub, sub, { key: `${options.redisKeyPrefix ?? ''}socket.io` }));
      }
      io.attach(server, {
        allowRequest: (request, callback) => {
          const allowed = allowRequest(request);
          callback(allowed ? null : 'forbidden', allowed);
        },
      });
      io.use((socket, next) => {
        authenticate(socket.request).then(
          (actor) => {
            if (!actor) return next(new Error(UNAUTHORIZED));
            socket.data.actor = actor;
            next();
          },
          (error: unknown) => {
            report(error, 'authenticate');
            next(new Error(UNAVAILABLE));
          },
        );
      });
      io.on('connection', (socket) => {
        const { actor } = socket.data;
        void socket.join([
          rooms.member(actor.membershipId),
          rooms.network(actor.networkId),
          rooms.session(actor.sessionId),
        ]);
      });
    },

    /**
     * Drops this process's connections and stops listening for new ones; the HTTP server itself is
     * closed by its owner. Before the server closes, as open connections would keep it waiting.
     */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      io.local.disconnectSockets(true);
      if (attached) io.engine.close();
      await io.of('/').adapter.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}

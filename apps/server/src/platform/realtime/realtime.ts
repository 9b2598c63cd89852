import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createLanes } from '../limits/lanes.ts';
import type { Actor } from '../policy/index.ts';

export const REALTIME_PATH = '/socket.io';

/** The rooms every connection joins; modules address members and networks through them. */
export const rooms = {
  member: (membershipId: string) => `member:${membershipId}`,
  network: (networkId: string) => `network:${networkId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  group: (groupId: string) => `group:${groupId}`,
};

/** What a connection knows about itself once authenticated. */
export type SocketData = {
  actor: Actor;
  connectedAt: string;
  /**
   * Runs the handling of one event in the member's turn: a member's events (all their
   * connections to this process) are handled one at a time, in the order they came.
   */
  inTurn: <T>(task: () => Promise<T>) => Promise<T>;
} & Record<string, unknown>;

/** Events of one member handled at once per process; the rest wait for their turn. */
export const EVENTS_AT_ONCE_PER_MEMBER = 1;

/** A connection as modules see it: they listen to its events and answer through acknowledgements. */
export type RealtimeSocket = Socket<
  Record<string, (payload: unknown, ack?: (answer: unknown) => void) => void>,
  Record<string, (payload: unknown) => void>,
  never,
  SocketData
>;
export type ConnectionHandler = (socket: RealtimeSocket) => void | Promise<void>;

/**
 * Decides whether a handshake may connect: the member it belongs to, or null to refuse it. The
 * token is the client's chat credentials, when it sent some.
 */
export type Authenticate = (request: IncomingMessage, token: string | null) => Promise<Actor | null>;

export type RealtimeOptions = {
  /** With a Redis URL, several server processes share rooms (the adapter publishes through it). */
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  /**
   * Asked before any event of a connection is handled (the member's budget, of which the event
   * costs `cost`): null lets it through; a refusal is the error its acknowledgement answers,
   * and the event is dropped.
   */
  admit?: (actor: Actor, event: string, cost: number) => Promise<Record<string, unknown> | null>;
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
  const io = new Server<
    Record<string, (payload: unknown, ack?: (answer: unknown) => void) => void>,
    Record<string, (payload: unknown) => void>,
    never,
    SocketData
  >({
    path: REALTIME_PATH,
    serveClient: false,
  });
  let redis: { pub: Redis; sub: Redis } | null = null;
  let attached = false;
  let closed = false;
  const connectionHandlers: ConnectionHandler[] = [];
  const lanes = createLanes(EVENTS_AT_ONCE_PER_MEMBER);
  // What an event costs of the member's budget, where a module said so (else 1).
  const eventCosts = new Map<string, number>();
  let reportError: (error: unknown, context: string) => void = () => {};

  return {
    toMember(membershipIds: string | string[], event: string, payload: unknown): void {
      const ids = Array.isArray(membershipIds) ? membershipIds : [membershipIds];
      // After close (a processor finishing while the server stops) there is nobody to tell.
      if (ids.length === 0 || closed) return;
      io.to(ids.map(rooms.member)).emit(event, payload);
    },
    toNetwork(networkId: string, event: string, payload: unknown): void {
      if (closed) return;
      io.to(rooms.network(networkId)).emit(event, payload);
    },
    /** To every connection in any of the rooms (each connection gets it once), on every process. */
    toRooms(roomNames: string | string[], event: string, payload: unknown): void {
      const names = Array.isArray(roomNames) ? roomNames : [roomNames];
      if (names.length === 0 || closed) return;
      io.to(names).emit(event, payload);
    },
    /** The same, except to one connection (the sender's, which has its answer already). */
    toRoomsExcept(roomNames: string[], exceptSocketId: string, event: string, payload: unknown): void {
      if (roomNames.length === 0 || closed) return;
      io.to(roomNames).except(exceptSocketId).emit(event, payload);
    },
    /** Makes the member's connections, on every process, join (or leave) rooms. */
    joinMember(membershipId: string, roomNames: string[]): void {
      if (closed) return;
      io.in(rooms.member(membershipId)).socketsJoin(roomNames);
    },
    leaveMember(membershipId: string, roomNames: string[]): void {
      if (closed) return;
      io.in(rooms.member(membershipId)).socketsLeave(roomNames);
    },
    /**
     * The connections in a room (or in any of several) on every process (through the Redis
     * adapter when there are several).
     */
    async fetchSockets(room: string | string[]) {
      return io.in(room).fetchSockets();
    },
    /**
     * Lets a module handle each new connection: join rooms, listen to events. Handlers run in
     * the order registered; one that fails is reported and does not stop the others.
     */
    onConnection(handler: ConnectionHandler): void {
      connectionHandlers.push(handler);
    },
    /**
     * What an event costs of its member's budget of socket events (1 unless said here): a module
     * makes the events that write cost more than those that read.
     */
    setEventCost(event: string, cost: number): void {
      eventCosts.set(event, cost);
    },
    /** Whether close() has begun: connections that end now end because this process stops. */
    isClosing(): boolean {
      return closed;
    },
    /** Ends the connections of a session that ended (signed out), on every server process. */
    disconnectSession(sessionId: string): void {
      if (closed) return;
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
      reportError = report;
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
        const auth = socket.handshake.auth as Record<string, unknown> | undefined;
        const query = socket.handshake.query.token;
        const token = typeof auth?.token === 'string' ? auth.token : typeof query === 'string' ? query : null;
        authenticate(socket.request, token).then(
          (actor) => {
            if (!actor) return next(new Error(UNAUTHORIZED));
            socket.data.actor = actor;
            socket.data.connectedAt = new Date().toISOString();
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
        const lane = `${actor.networkId}:${actor.membershipId}`;
        socket.data.inTurn = (task) => lanes.run(lane, task);
        const { admit } = options;
        if (admit) {
          // Before every listener of every module: an event over budget reaches none of them.
          socket.use((packet, next) => {
            const ack = packet[packet.length - 1] as unknown;
            const event = String(packet[0]);
            admit(actor, event, eventCosts.get(event) ?? 1).then(
              (refusal) => {
                if (!refusal) return next();
                if (typeof ack === 'function') (ack as (answer: unknown) => void)({ ok: false, error: refusal });
              },
              (error: unknown) => {
                reportError(error, 'admit');
                next();
              },
            );
          });
        }
        void socket.join([
          rooms.member(actor.membershipId),
          rooms.network(actor.networkId),
          rooms.session(actor.sessionId),
        ]);
        for (const handler of connectionHandlers) {
          try {
            void Promise.resolve(handler(socket)).catch((error: unknown) => reportError(error, 'connection'));
          } catch (error) {
            reportError(error, 'connection');
          }
        }
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

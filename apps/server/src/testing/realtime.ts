import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

/** Starts the app on a free port (once) and gives its address, for real Socket.IO clients. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export type ConnectOptions = {
  cookie?: string;
  host?: string;
  origin?: string;
  transports?: Array<'websocket' | 'polling'>;
  /** Chat credentials (`POST /api/v1/chat_token`), sent as the web app does: `auth: { token }`. */
  token?: string;
  /** Query parameters of the handshake (clients that cannot send `auth` pass `token` here). */
  query?: Record<string, string>;
};

/** A Socket.IO client as a page of the web app opens it; resolves once connected, rejects when refused. */
export function connectSocket(baseUrl: string, options: ConnectOptions = {}): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.host) headers.host = options.host;
  if (options.origin) headers.origin = options.origin;
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    extraHeaders: headers,
    ...(options.token ? { auth: { token: options.token } } : {}),
    ...(options.query ? { query: options.query } : {}),
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The Socket.IO clients a test opens, kept so that its end closes them all at once. */
export function socketClients() {
  const sockets: Socket[] = [];
  return {
    async connect(baseUrl: string, options: ConnectOptions = {}): Promise<Socket> {
      const socket = await connectSocket(baseUrl, options);
      sockets.push(socket);
      return socket;
    },
    close() {
      for (const socket of sockets.splice(0)) socket.close();
    },
  };
}

/** The payload of the next `event` on the socket; fails after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`No ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

/** Every `event` the socket receives from now on, for asserting that none (or some) arrived. */
export function collectEvents<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** Resolves when the server ends the connection; fails after `timeoutMs`. */
export function disconnection(socket: Socket, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error(`Still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Emits an event with a payload and resolves with the server's acknowledgement; fails after `timeoutMs`. */
export function emitWithAck<T = unknown>(
  socket: Socket,
  event: string,
  payload: unknown,
  timeoutMs = 5000,
): Promise<T> {
  return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<T>;
}

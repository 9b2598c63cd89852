import { useSyncExternalStore } from 'react';
import type { io as createSocket, Socket } from 'socket.io-client';
import { CHAT_TIMINGS } from '@agora/contracts';
import {
  chatCredentials,
  credentialRetryDelay,
  credentialsRefreshIn,
  FETCH_CREDENTIALS_FAILED,
  forgetChatCredentials,
} from './credentials.ts';

export type ChatConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';
type Handler = (payload: unknown) => void;

let socket: Socket | null = null;
/** Which openChatConnection the connection belongs to, already while socket.io-client loads. */
let opened: symbol | null = null;
let memberId: string | null = null;
let state: ChatConnectionState = 'closed';
let authorizationError: string | null = null;
let everConnected = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

const stateListeners = new Set<() => void>();
const eventHandlers = new Map<string, Set<Handler>>();
const reconnectHandlers = new Set<() => void>();
const socketWaiters = new Set<(socket: Socket) => void>();

// Also notified when only the authorization error changed; unchanged snapshots render nothing.
function setState(next: ChatConnectionState) {
  state = next;
  stateListeners.forEach((listener) => listener());
}

/** The app's one live connection, or null while nobody is signed in. */
export function getSocket(): Socket | null {
  return socket;
}

/** The member the connection belongs to (the chat's "me"). */
export function connectedMemberId(): string | null {
  return memberId;
}

/** Resolves with the connection once there is one (a request made before sign-in waits). */
export function waitForSocket(): Promise<Socket> {
  if (socket) return Promise.resolve(socket);
  return new Promise((resolve) => socketWaiters.add(resolve));
}

/** Lets a feature react to a pushed event; returns the unsubscribe. */
export function onSocketEvent(event: string, handler: Handler): () => void {
  let set = eventHandlers.get(event);
  if (!set) {
    set = new Set();
    eventHandlers.set(event, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

/** Runs after every reconnect (not the first connect): what was pushed meanwhile was missed. */
export function onReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => reconnectHandlers.delete(handler);
}

function subscribeState(listener: () => void) {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function chatConnectionState(): ChatConnectionState {
  return state;
}

export function useChatConnectionState(): ChatConnectionState {
  return useSyncExternalStore(subscribeState, chatConnectionState);
}

/** Why the connection failed (`fetch_credentials_failed`, or the server's refusal), else null. */
export function useChatAuthorizationError(): string | null {
  return useSyncExternalStore(subscribeState, () => authorizationError);
}

function retryLater(connection: Socket) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (socket !== connection) return;
    setState(everConnected ? 'reconnecting' : 'connecting');
    connection.connect();
  }, credentialRetryDelay());
}

/** Keeps the cached credentials fresh, so that a reconnect does not wait for a request. */
function scheduleRefresh(connection: Socket, member: string) {
  clearTimeout(refreshTimer);
  const refreshIn = credentialsRefreshIn(member);
  if (refreshIn === null) return;
  refreshTimer = setTimeout(
    () => {
      if (socket !== connection) return;
      chatCredentials(member).then(
        () => scheduleRefresh(connection, member),
        () => undefined,
      );
      // Never in a tight loop, should the server hand out credentials that are already due.
    },
    Math.max(refreshIn, CHAT_TIMINGS.credentialRetryMinMs),
  );
}

/**
 * Each (re)connect presents the chat credentials (`auth: { token }`). When they cannot be
 * fetched, the connection reports `fetch_credentials_failed` and tries again after 5-10 s.
 */
function authenticate(connection: Socket, member: string, callback: (data: object) => void) {
  chatCredentials(member).then(
    (token) => callback({ token }),
    () => {
      if (socket !== connection) return;
      authorizationError = FETCH_CREDENTIALS_FAILED;
      connection.disconnect();
      setState('failed');
      retryLater(connection);
    },
  );
}

/**
 * Opens the app's one Socket.IO connection for a member: notifications, unread counters and
 * the chat share it. Socket.IO reconnects on its own every 5 s; a refused handshake (expired or
 * revoked credentials) fetches new credentials after the spec's random pause. Returns the close.
 * socket.io-client loads here rather than with the shell: the first render does not wait for it.
 */
export function openChatConnection(member: string): () => void {
  teardown();
  memberId = member;
  everConnected = false;
  authorizationError = null;
  const opening = Symbol(member);
  opened = opening;
  setState('connecting');
  if (socketIo) connect(socketIo, member);
  else loadThenConnect(opening, member);
  return () => {
    if (opened === opening) closeChatConnection();
  };
}

/**
 * socket.io-client first. When it does not load (offline, its chunk unreachable after a deploy),
 * the connection fails and tries again after the same 5-10 s as when its credentials cannot be
 * fetched, until it loads.
 */
function loadThenConnect(opening: symbol, member: string) {
  loadSocketIo().then(
    (io) => {
      // Closed, or opened for another member, while the library loaded.
      if (opened === opening) connect(io, member);
    },
    () => {
      if (opened !== opening) return;
      setState('failed');
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (opened !== opening) return;
        setState('connecting');
        loadThenConnect(opening, member);
      }, credentialRetryDelay());
    },
  );
}

type SocketIo = typeof createSocket;
type SocketIoImport = () => Promise<{ io: SocketIo }>;
const importSocketIoClient: SocketIoImport = () => import('socket.io-client');
let importSocketIo = importSocketIoClient;
let socketIo: SocketIo | undefined;
let loadingSocketIo: Promise<SocketIo> | undefined;

/**
 * Loads socket.io-client once; after that a connection opens at once (and tests open it in step).
 * A failed import is not kept: the next call imports again.
 */
export function loadSocketIo(): Promise<SocketIo> {
  loadingSocketIo ??= importSocketIo().then(
    ({ io }) => (socketIo = io),
    (error: unknown) => {
      loadingSocketIo = undefined;
      throw error;
    },
  );
  return loadingSocketIo;
}

/** Replaces how socket.io-client is imported, and forgets the loaded one (tests); none: the real import. */
export function setSocketIoImport(load: SocketIoImport = importSocketIoClient) {
  importSocketIo = load;
  socketIo = undefined;
  loadingSocketIo = undefined;
}

function connect(io: SocketIo, member: string) {
  const connection: Socket = io({
    path: '/socket.io',
    autoConnect: false,
    auth: (callback) => authenticate(connection, member, callback),
    reconnectionDelay: CHAT_TIMINGS.reconnectMs,
    reconnectionDelayMax: CHAT_TIMINGS.reconnectMs,
  });
  socket = connection;
  connection.onAny((event: string, payload: unknown) => {
    eventHandlers.get(event)?.forEach((handler) => handler(payload));
  });
  connection.on('connect', () => {
    const again = everConnected;
    everConnected = true;
    authorizationError = null;
    setState('connected');
    scheduleRefresh(connection, member);
    if (again) reconnectHandlers.forEach((handler) => handler());
  });
  connection.on('disconnect', (reason) => {
    if (socket !== connection || reason === 'io client disconnect') return;
    setState('reconnecting');
    // The server ended it (a process shutting down, the session signed out): Socket.IO does not
    // come back by itself. Spread over the spec's 5-10 s, so that a process's clients do not
    // all return at once; a refused handshake then fetches new credentials.
    if (reason === 'io server disconnect') retryLater(connection);
  });
  connection.on('connect_error', (error) => {
    if (socket !== connection) return;
    if (connection.active) {
      setState(everConnected ? 'reconnecting' : 'connecting');
      return;
    }
    forgetChatCredentials();
    authorizationError = error.message || 'unauthorized';
    setState('failed');
    retryLater(connection);
  });
  connection.connect();
  socketWaiters.forEach((resolve) => resolve(connection));
  socketWaiters.clear();
}

const closedListeners = new Set<() => void>();

/** Runs when the member's connection ends for good (signed out, another member): drafts go, say. */
export function onChatConnectionClosed(handler: () => void): () => void {
  closedListeners.add(handler);
  return () => closedListeners.delete(handler);
}

/** Ends the connection (signed out, another member): its credentials go too, they name the session. */
export function closeChatConnection() {
  forgetChatCredentials();
  teardown();
  closedListeners.forEach((listener) => listener());
}

function teardown() {
  clearTimeout(retryTimer);
  clearTimeout(refreshTimer);
  const connection = socket;
  socket = null;
  opened = null;
  memberId = null;
  everConnected = false;
  connection?.disconnect();
  setState('closed');
}

import type { ChatAck } from '@agora/contracts';

type Listener = (...args: unknown[]) => void;
type Emitted = { event: string; payload: unknown; answer: (ack: ChatAck<unknown>) => void };

/**
 * A stand-in for socket.io-client's Socket in tests (`vi.mock('socket.io-client', ...)` with
 * `fakeIo`): connecting runs the auth callback and "connects" when the test says so; emitted
 * events are recorded and answered by the test or by `answers`; pushes come from `push()`.
 */
export class FakeSocket {
  static sockets: FakeSocket[] = [];

  readonly options: { auth?: (callback: (data: object) => void) => void; [key: string]: unknown };
  connected = false;
  active = false;
  authData: object | null = null;
  connectCalls = 0;
  emitted: Emitted[] = [];
  /** Answers emitted events at once (per event name); others wait for the test. */
  answers: Record<string, (payload: unknown) => ChatAck<unknown>> = {};
  /** Whether connect() completes the handshake as soon as the credentials are there. */
  autoAccept = true;
  private listeners = new Map<string, Listener[]>();
  private anyListeners: Listener[] = [];

  constructor(options: FakeSocket['options']) {
    this.options = options;
    FakeSocket.sockets.push(this);
  }

  static get last(): FakeSocket {
    return FakeSocket.sockets[FakeSocket.sockets.length - 1]!;
  }

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: Listener) {
    this.anyListeners.push(listener);
    return this;
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    this.options.auth?.((data) => {
      this.authData = data;
      if (this.autoAccept) this.accept();
    });
    return this;
  }

  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  timeout(ms: number) {
    return {
      emit: (event: string, payload: unknown, callback: (error: Error | null, ack?: unknown) => void) => {
        let done = false;
        const timer = setTimeout(() => {
          if (done) return;
          done = true;
          callback(new Error('operation has timed out'));
        }, ms);
        const answer = (ack: ChatAck<unknown>) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          callback(null, ack);
        };
        this.emitted.push({ event, payload, answer });
        const answerer = this.answers[event];
        if (answerer) queueMicrotask(() => answer(answerer(payload)));
      },
    };
  }

  /** The handshake succeeded. */
  accept() {
    this.connected = true;
    this.fire('connect');
  }

  /** The server refused the handshake (no automatic reconnect follows). */
  refuse(message = 'unauthorized') {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** The transport dropped (Socket.IO would reconnect on its own), or the server ended it. */
  drop(reason: 'transport close' | 'io server disconnect' = 'transport close') {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** A push from the server. */
  push(event: string, payload: unknown) {
    this.anyListeners.forEach((listener) => listener(event, payload));
  }

  emittedOf(event: string): Emitted[] {
    return this.emitted.filter((e) => e.event === event);
  }

  private fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

export function fakeIo(options: FakeSocket['options']): FakeSocket {
  return new FakeSocket(options);
}

export function ok<T>(data: T): ChatAck<T> {
  return { ok: true, data };
}

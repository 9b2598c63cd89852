import { CHAT_TIMINGS, type ChatAck, type ChatAnswers } from '@agora/contracts';
import { getSocket, waitForSocket } from './connection.ts';

/** An event the server answered with an error, or did not answer in time (key `timeout`). */
export class ChatRequestError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'ChatRequestError';
  }
}

export const CHAT_TIMEOUT = 'timeout';

function isAck(value: unknown): value is ChatAck<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

/** The connection once there is one (before sign-in there is none), or a timeout. */
function socketWithin(timeoutMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    waitForSocket(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChatRequestError(CHAT_TIMEOUT, 408)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Emits a chat event with its acknowledgement and resolves with the answer's data. While the
 * connection is down Socket.IO holds the event and sends it on reconnect; no answer within
 * `ackTimeoutMs` (also counting that wait) rejects with `timeout`, and the held event is dropped,
 * so a caller may retry without sending twice behind its back.
 */
export async function chatEmit<E extends keyof ChatAnswers>(
  event: E,
  payload: unknown,
  options: { timeoutMs?: number } = {},
): Promise<ChatAnswers[E]> {
  const timeoutMs = options.timeoutMs ?? CHAT_TIMINGS.ackTimeoutMs;
  const started = Date.now();
  const socket = getSocket() ?? (await socketWithin(timeoutMs));
  const left = Math.max(1, timeoutMs - (Date.now() - started));
  return new Promise((resolve, reject) => {
    socket.timeout(left).emit(event, payload, (error: Error | null, ack: unknown) => {
      if (error) return reject(new ChatRequestError(CHAT_TIMEOUT, 408));
      if (!isAck(ack)) return reject(new ChatRequestError('invalid_answer', 502));
      if (ack.ok) return resolve(ack.data as ChatAnswers[E]);
      reject(new ChatRequestError(ack.error.key, ack.error.status, ack.error.details));
    });
  });
}

/** The message key of any error a chat request ended with. */
export function chatErrorKey(error: unknown): string {
  return error instanceof ChatRequestError ? error.key : 'unavailable';
}

/**
 * The chat queries' retry: like the app's (twice at most), but never after a refusal (403
 * `chat_disabled`, 404, 422): asking again gets the same answer, and the member would only
 * wait longer for the message saying so. A timeout (408) or a failure of the server may pass.
 */
export function retryChatQuery(failures: number, error: Error): boolean {
  const refused = error instanceof ChatRequestError && error.status < 500 && error.status !== 408;
  return failures < 2 && !refused;
}

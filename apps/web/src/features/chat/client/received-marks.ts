import { CHAT_TIMINGS } from '@agora/contracts';
import { chatEmit } from './emit.ts';

/**
 * Tells direct-chat partners that their messages reached this client (their "received" ticks).
 * Marks are debounced (500 ms) so a burst of messages costs one mark per chat, and sent one after
 * another with a short pause between answers (spec 9), never in a flood after a reconnect.
 */
const queued = new Map<string, string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing = false;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function queueReceivedMark(chatId: string, messageId: string) {
  queued.set(chatId, messageId);
  clearTimeout(timer);
  timer = setTimeout(() => void flush(), CHAT_TIMINGS.receivedMarkDebounceMs);
}

async function flush() {
  if (flushing) return;
  flushing = true;
  try {
    for (const [chatId, messageId] of queued) {
      queued.delete(chatId);
      // A lost mark is made good by the next one; the markers never go back on the server.
      await chatEmit('mark_as_received', { chat_id: chatId, message_id: messageId }).catch(() => null);
      await pause(CHAT_TIMINGS.ackPauseMs);
    }
  } finally {
    flushing = false;
  }
  if (queued.size > 0) void flush();
}

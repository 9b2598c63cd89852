// The chat's timings and limits without its schemas: the web app's chat client and shell need
// them from the first render, and a file that defines no schema keeps zod out of that download.

/** The chat timings and limits of the spec (communication spec 9, administration spec 9). */
export const CHAT_TIMINGS = {
  markAsReadDelayMs: 1000,
  composingStopMs: 2000,
  composingSendDebounceMs: 1600,
  receivedMarkDebounceMs: 500,
  ackPauseMs: 200,
  reconnectMs: 5000,
  credentialRetryMinMs: 5000,
  credentialRetryMaxMs: 10000,
  credentialTtlMs: 3 * 60 * 60 * 1000,
  credentialRefreshBeforeMs: 3 * 60 * 1000,
  /** An emitted event without an answer within this time counts as an error (and may be retried). */
  ackTimeoutMs: 10000,
  directorySearchDebounceMs: 300,
  scrollThrottleMs: 250,
  draftSaveThrottleMs: 1000,
} as const;

export const CHAT_LIMITS = {
  statusTextMax: 100,
  textMax: 10000,
  clientReferenceMax: 64,
  /** Messages per `chat_details` / `more_messages` batch. */
  pageSize: 30,
  /** Chats per `my_chats` answer. */
  chatsPageSize: 100,
  quickSelect: 10,
  emojiOnlyLarge: 3,
  /** The attachment pickers' own cap when the network sets none lower (spec: "default modal cap is 10"). */
  defaultModalCap: 10,
  /** Unread counts are counted up to here; badges show 99+ anyway. */
  unreadCountCap: 100,
  scrollCallbackThreshold: 0.02,
  autoscrollThreshold: 0.1,
} as const;

/** The domain events of chat messages, recorded in the transaction of their write. */
export const CHAT_MESSAGE_EVENTS = {
  created: 'chat_message.created',
  updated: 'chat_message.updated',
  destroyed: 'chat_message.destroyed',
} as const;

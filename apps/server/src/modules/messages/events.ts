/** The domain events of direct messages; processors and the audit log read them. */
export const MESSAGE_EVENTS = {
  /**
   * `changes.recipient_ids` (the members named), `group_ids`, `to_all`: the groups and all
   * members are expanded to recipients by a processor, which then tells every recipient.
   */
  sent: 'direct_message.sent',
  /** The groups' members and all members got their copies (`changes.recipient_count`). */
  delivered: 'direct_message.delivered',
  /** `changes.message_ids`, `read` (true: marked read, false: unread) of the actor's copies. */
  marked: 'direct_message.marked',
  /** `changes.message_ids`, `copy` ('inbox' or 'sent'): the actor's copies deleted. */
  deleted: 'direct_message.deleted',
} as const;

/** `GET /api/v1/unreads` (administration spec, section 3, Unread counts). */
export type Unreads = {
  Notifications: number;
  GroupInvites: number;
  Calendars: number;
  GroupJoinRequests: Array<{ group_id: string; group_slug: string; open_join_requests: number }>;
  Invites: number;
  /** Direct messages received and not read yet. */
  Messages: number;
  /** Activities in the member's home streams (subscribed) posted by others since they last looked, up to 100. */
  Activities: number;
  /** Files others added to folders the member opened before, since they last opened them. */
  Files: number;
};

/**
 * Payload of `unreads:changed`: the counts that changed, by the same keys; the others stand as
 * they were. A client may as well fetch `GET /api/v1/unreads` again.
 */
export type UnreadsChangedEvent = Partial<Unreads>;

/** How a badge shows a count: 99+ above 99, "new" for -1, nothing for 0. */
export function badgeLabel(count: number, newLabel: string): string | null {
  if (count === -1) return newLabel;
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The domain events of group invitations; the audit log and processors read them. */
export const GROUP_INVITE_EVENTS = {
  /** One per request and group: `changes.invite_ids`, `invitee_ids`, `additional_message`. */
  created: 'group_invite.created',
  accepted: 'group_invite.accepted',
  declined: 'group_invite.declined',
  /** `changes.invite_ids`, `invitee_ids`: the invitees are reminded again. */
  renewed: 'group_invite.renewed',
  /** `changes.invite_ids`, `invitee_ids`: made obsolete by their author or an admin. */
  revoked: 'group_invite.revoked',
} as const;

/** The groups part's events this module follows (see the groups module). */
export const GROUP_JOINED = 'group.joined';
export const GROUP_DESTROYED = 'group.destroyed';

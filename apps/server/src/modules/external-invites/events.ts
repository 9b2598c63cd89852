/** The domain events of invitations by e-mail; the processors and the audit log read them. */
export const EXTERNAL_INVITE_EVENTS = {
  /** One per request and chunk of rows: `changes.invite_ids`, `context_type`, `count`. */
  created: 'external_invite.created',
  /** `changes.invite_ids`: new links are mailed. */
  renewed: 'external_invite.renewed',
  /** `changes.invite_ids`: made obsolete by their author or an admin. */
  revoked: 'external_invite.revoked',
  /** Subject the invite; `changes.membership_id`, `group_ids`: the invited person became a member. */
  accepted: 'external_invite.accepted',
} as const;

/** The members part's event this module follows: a new member's other invites are settled. */
export const MEMBERSHIP_CREATED = 'membership.created';

import type { GroupJoinVia } from '@agora/contracts';

/**
 * The domain events of group membership. Subject: the group; context: its category. Their
 * `changes` carry the group's name and slug as they were, for the audit log and notifications.
 */
export const GROUP_MEMBERSHIP_EVENTS = {
  joined: 'group.joined',
  left: 'group.left',
  adminAppointed: 'group.admin_appointed',
  adminRemoved: 'group.admin_removed',
  joinRequested: 'group.join_requested',
  joinRequestAccepted: 'group.join_request_accepted',
  joinRequestRejected: 'group.join_request_rejected',
  joinRequestWithdrawn: 'group.join_request_withdrawn',
} as const;

type Named = { name: string; slug: string };

export type GroupJoinedChanges = Named & { membership_id: string; via: GroupJoinVia; invite_id?: string };
export type GroupLeftChanges = Named & { membership_id: string; by_admin: boolean };
export type GroupAdminChanges = Named & { membership_id: string };
export type JoinRequestChanges = Named & { join_request_id: string; membership_id: string; message?: string };

/** What the audit log reads of any of them. */
export type GroupMembershipEventChanges = Partial<Named> & {
  membership_id?: string;
  via?: GroupJoinVia;
  by_admin?: boolean;
};

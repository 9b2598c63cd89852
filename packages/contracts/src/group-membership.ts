import { z } from './zod.ts';
import { longText } from './text.ts';
import type { MemberOption } from './directory.ts';
import type { GroupRole } from './group.ts';

/**
 * Group membership of the administration spec: joining, leaving, subscribing, favorites
 * (sections 4 and 7), join requests decided by the group's administrators and the
 * administration of a group's members and admins.
 */

export const GROUP_MEMBERSHIP_LIMITS = {
  /** The message of a rejection, read by the member in a notification and a mail. */
  rejectMessage: 2000,
  /** Rows of one page of the join requests and of the members' administration. */
  pageSize: 25,
  pageMax: 100,
  /** Characters of a search in the members' administration. */
  queryMax: 100,
} as const;

/** The error keys of this part, as `{errors: {base: [key]}}` or `{error: key}` carry them. */
export const GROUP_MEMBERSHIP_ERROR_KEYS = {
  /** 422: the only administrator cannot leave (or stop being one) while others remain. */
  lastAdmin: 'last_admin',
  /** 422: the join request was decided (or withdrawn) already. */
  alreadyDecided: 'already_decided',
  /** 422: the member to act on is no member of the group. */
  notAMember: 'not_a_member',
  /** 403: an archived group takes no new members. */
  archived: 'group_archived',
} as const;

/** Why a member joined: on their own, by a request an admin accepted, by an invitation, added by an admin. */
export type GroupJoinVia = 'open' | 'request' | 'invite' | 'admin';

/** `POST /api/v1/groups/{id}/favorite` and `DELETE`: whether the group is starred now. */
export type GroupFavoriteAnswer = { favorited: boolean };

/** A request to join, as the group's administrators see it. */
export type GroupJoinRequest = {
  id: string;
  group_id: string;
  member: MemberOption & { path: string };
  status: 'open' | 'accepted' | 'rejected' | 'withdrawn';
  /** The administrator's message when rejected. */
  message: string;
  created_at: string;
  decided_at: string | null;
};

/** `GET /groups/{slug}/administration/join_requests(.json)`: the open requests, oldest first. */
export type GroupJoinRequestPage = {
  join_requests: GroupJoinRequest[];
  total: number;
  limit: number;
  offset: number;
};

const page = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GROUP_MEMBERSHIP_LIMITS.pageMax)
    .default(GROUP_MEMBERSHIP_LIMITS.pageSize)
    .describe('Rows per page.'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Rows to skip.'),
};

export const groupJoinRequestsQuerySchema = z.object(page);
export type GroupJoinRequestsQuery = z.output<typeof groupJoinRequestsQuerySchema>;

/** `POST /groups/{slug}/administration/join_requests/{id}/reject`. */
export const rejectJoinRequestBodySchema = z.object({
  message: longText(GROUP_MEMBERSHIP_LIMITS.rejectMessage)
    .default('')
    .describe('Why the request is rejected; the member reads it in a notification and a mail.'),
});
export type RejectJoinRequestBody = z.input<typeof rejectJoinRequestBodySchema>;

/** A member of a group as its administration lists them. */
export type GroupMemberRow = {
  id: string;
  displayName: string;
  images: MemberOption['images'];
  is_external: boolean;
  path: string;
  role: GroupRole;
  joined_at: string;
  can: { appoint_admin: boolean; remove_admin: boolean; remove: boolean };
};

/** `GET /groups/{slug}/administration/members(.json)?q=&limit=&offset=`. */
export type GroupMemberPage = {
  members: GroupMemberRow[];
  total: number;
  /** Administrators of the group, whatever the page shows. */
  admin_count: number;
  limit: number;
  offset: number;
};

export const groupMembersAdminQuerySchema = z.object({
  q: z
    .string()
    .max(GROUP_MEMBERSHIP_LIMITS.queryMax, 'too_long')
    .default('')
    .describe('Words each of which begins a word of the member name.'),
  role: z.enum(['member', 'admin']).optional().describe('Only members of this role.'),
  ...page,
});
export type GroupMembersAdminQuery = z.output<typeof groupMembersAdminQuerySchema>;

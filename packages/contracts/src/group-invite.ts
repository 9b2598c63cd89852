import { z } from './zod.ts';
import type { MemberRef } from './calendar.ts';
import { idSchema } from './ids.ts';
import { longText } from './text.ts';

/**
 * Group invitations (internal invites) of the administration spec: sections 3 (Internal invite,
 * Invite list item), 4 (group invitation and invite batch states), 7 (`membership_invites`,
 * `batch_invites`) and 8 (invite errors, batch flashes).
 */

/** Where a group invitation stands; `declined` is the invitee's own no. */
export const GROUP_INVITE_STATUSES = ['open', 'accepted', 'declined', 'obsolete', 'joined'] as const;
export type GroupInviteStatus = (typeof GROUP_INVITE_STATUSES)[number];

export const GROUP_INVITE_LIMITS = {
  /** Members picked one by one in one request. */
  membershipIds: 500,
  /** Groups in one request (whose members are invited, or to which members are invited). */
  groupIds: 50,
  additionalMessage: 5000,
  /** Invitations written by one request, however many members the groups have. */
  invitees: 5000,
  /** `/invites` lists at most this many open group invitations (spec, section 9). */
  openList: 50,
  /** Rows of one page of the sent invites. */
  sentPageSize: 25,
  /** Invites of one batch action. */
  batch: 200,
} as const;

/** The error keys of this part, as `{errors: {field: [key]}}` carries them. */
export const GROUP_INVITE_ERROR_KEYS = {
  /** Neither members nor groups were picked (spec, section 5: at least one member or group). */
  memberOrGroupRequired: 'member_or_group_required',
  /** Without a group prefix, the groups to invite to are required. */
  groupRequired: 'group_required',
  /** A picked group is unknown, or the inviter may not invite to it. */
  groupNotInvitable: 'group_not_invitable',
  /** A picked member is unknown, locked or no member of the network. */
  memberUnknown: 'member_unknown',
  /** More invitations at once than GROUP_INVITE_LIMITS.invitees. */
  tooManyInvitees: 'too_many_invitees',
  /** The invite asks for no answer any more. */
  inviteNotOpen: 'invite_not_open',
  /** A batch holds an accepted, obsolete or joined invite (renew) ... */
  notRenewable: 'not_renewable',
  /** ... or one that is not open (revoke). */
  notRevokable: 'not_revokable',
} as const;

/** `POST {prefix}/membership_invites` (prefix: none, `/groups/{slug}`, `/group-categories/{id}`). */
export const membershipInvitesBodySchema = z.object({
  membership_invites: z.object({
    membership_ids: z.array(idSchema).max(GROUP_INVITE_LIMITS.membershipIds).default([]).describe('Members to invite.'),
    group_ids: z
      .array(idSchema)
      .max(GROUP_INVITE_LIMITS.groupIds)
      .default([])
      .describe(
        'Under a group prefix: groups whose members are invited too. Otherwise: the groups the members are invited to.',
      ),
    additional_message: longText(GROUP_INVITE_LIMITS.additionalMessage)
      .default('')
      .describe('A message to the invitees.'),
  }),
});
export type MembershipInvitesBody = z.input<typeof membershipInvitesBodySchema>;

/** The answer of `POST {prefix}/membership_invites`: a message key with its counts. */
export type MembershipInvitesResult = {
  message: 'invites_created';
  /** Invitations written. */
  invited: number;
  /** Members left out: already in the group or already invited to it (or the inviter). */
  skipped: number;
};

const inviteIdsSchema = z.array(idSchema).min(1).max(GROUP_INVITE_LIMITS.batch).describe('The invites.');

/** `POST /batch_invites/renew`. */
export const batchRenewBodySchema = z.object({
  invite_ids: inviteIdsSchema,
  additional_message: longText(GROUP_INVITE_LIMITS.additionalMessage)
    .optional()
    .describe('A new message for the invitees; the old one stays without it.'),
});
export type BatchRenewBody = z.input<typeof batchRenewBodySchema>;

/** `POST /batch_invites/revoke`. */
export const batchRevokeBodySchema = z.object({ invite_ids: inviteIdsSchema });
export type BatchRevokeBody = z.input<typeof batchRevokeBodySchema>;

/** The answer of a batch action: its flash key (the web app says it in the member's language). */
export type BatchInvitesResult = { message: 'success_flash'; count: number };

/** The batch flashes of the spec (section 8), by what happened. */
export const BATCH_INVITE_FLASHES = {
  success: 'success_flash',
  notRenewable: 'not_renewable_flash',
  notRevokable: 'not_revokable_flash',
} as const;

/** The group an invite is for, as an invite shows it. */
export type InvitableGroup = {
  id: string;
  name: string;
  slug: string;
  /** The group's image, an image path; null without one. */
  image: string | null;
  path: string;
};

/** An item of `GET /api/v1/invites?filter=groups` (Invite list item of the spec). */
export type GroupInvite = {
  id: string;
  type: 'group_invite';
  invitable: InvitableGroup;
  author: MemberRef | null;
  additional_message: string;
  status: GroupInviteStatus;
  created_at: string;
  can: { accept: boolean; reject: boolean };
};

/** A row of the sent invites (`/invites/sent`, `/groups/{slug}/invites/sent`). */
export type SentGroupInvite = {
  id: string;
  type: 'group_invite';
  invitee: MemberRef | null;
  invitable: InvitableGroup;
  author: MemberRef | null;
  additional_message: string;
  status: GroupInviteStatus;
  created_at: string;
  renewed_at: string | null;
  can: { renew: boolean; revoke: boolean };
};

export const sentInvitesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('The page, from 1.'),
});

/** A page of sent invites. */
export type SentGroupInvitesPage = {
  items: SentGroupInvite[];
  page: number;
  per: number;
  total: number;
};

/** Renew is disabled as soon as one selected invite is accepted, obsolete or joined. */
export function canRenewInvites(statuses: GroupInviteStatus[]): boolean {
  return statuses.length > 0 && statuses.every((s) => s === 'open' || s === 'declined');
}

/** Revoke is enabled only when every selected invite is open. */
export function canRevokeInvites(statuses: GroupInviteStatus[]): boolean {
  return statuses.length > 0 && statuses.every((s) => s === 'open');
}

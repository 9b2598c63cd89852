import type { ActiveTheme } from './theme.ts';

export const GROUP_ACCESS = ['open', 'closed', 'hidden'] as const;
export type GroupAccess = (typeof GROUP_ACCESS)[number];
export const GROUP_ROLES = ['member', 'admin'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export type MembershipStatus = 'no_member' | 'in_moderation' | 'invited' | 'member' | 'admin';

/** Where a member stands towards a group (administration spec, section 4), as lists show it. */
export const GROUP_MEMBERSHIP_STATES = ['no_member', 'in_moderation', 'invited', 'member'] as const;
export type GroupMembershipState = (typeof GROUP_MEMBERSHIP_STATES)[number];

/** A group as the administration spec, section 3, names its fields. */
export type Group = {
  id: string;
  slug: string;
  name: string;
  group_category_id: string;
  category_id: string;
  access: GroupAccess;
  moderated_join: boolean;
  members_can_invite: boolean;
  chat: 'enabled' | 'disabled';
  sensitive: boolean;
  archived: boolean;
  externally_visible: boolean;
  teaser: string;
  /** Sanitized HTML. */
  description: string;
  invites_restricted: boolean;
  /** The main group of its category (it cannot be closed). */
  active_main_group: boolean;
  /** The main group of its category, hidden: its administration says so. */
  hidden_main_group: boolean;
  /** The id of the group's image (`/api/storage/images/{id}/get/{size}`), or null. */
  profile_image: string | null;
  member_count: number;
  membership_status_of_current_member: MembershipStatus;
  /** Whether the group's news reach the member (members only; false otherwise). */
  i_haz_subscription: boolean;
  /** Whether the member starred the group (members only). */
  favorited: boolean;
  /** The member's open invitation to the group, answered through `/api/v1/invites/{id}/accept|reject`. */
  invite: { id: string } | null;
  active_theme: ActiveTheme | null;
  /** The group's root folder (its files), for members who read them; null otherwise. */
  root_folder_id: string | null;
  can: {
    join: boolean;
    join_moderated: boolean;
    leave: boolean;
    archive: boolean;
    destroy: boolean;
    create_hidden: boolean;
    invite_internal: boolean;
    invite_external: boolean;
    invite_external_guests: boolean;
    update: boolean;
  };
};

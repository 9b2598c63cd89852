import type { ActiveTheme } from './theme.ts';

export const GROUP_ACCESS = ['open', 'closed', 'hidden'] as const;
export type GroupAccess = (typeof GROUP_ACCESS)[number];
export const GROUP_ROLES = ['member', 'admin'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export type MembershipStatus = 'no_member' | 'in_moderation' | 'invited' | 'member' | 'admin';

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
  profile_image: string | null;
  member_count: number;
  membership_status_of_current_member: MembershipStatus;
  active_theme: ActiveTheme | null;
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

import type {
  MemberAdminCan,
  MemberAdminDetail,
  MemberAdminGroups,
  MemberAdminItem,
  NetworkConfig,
} from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import type { AdministeredGroupMembership } from '../groups/index.ts';
import { memberImages, memberName, memberPolicy, type MembershipRow } from '../members/index.ts';
import type { MembershipRoleRow } from '../membership-roles/index.ts';

function can(actor: Actor, membership: MembershipRow): MemberAdminCan {
  const answers = abilities(memberPolicy, actor, { membership, guestUsersAllowChat: false });
  return {
    edit: !!answers.edit,
    lock: !!answers.lock,
    destroy: !!answers.destroy,
    edit_groups: !!answers.edit_groups,
  };
}

/** A row of the administrators' members list. */
export function presentItem(actor: Actor, m: MembershipRow, email: string): MemberAdminItem {
  return {
    id: m.id,
    name: memberName(m),
    first_name: m.firstName,
    last_name: m.lastName,
    email,
    images: memberImages(m),
    is_external: m.isExternal,
    locked: !!m.lockedAt,
    network_admin: m.networkAdmin,
    created_at: m.createdAt.toISOString(),
    can: can(actor, m),
  };
}

/** The member edit page's data: the member, their roles and what the operator lets this network offer. */
export function presentDetail(
  actor: Actor,
  m: MembershipRow,
  extra: {
    email: string;
    emailEditable: boolean;
    roleIds: string[];
    config: Pick<NetworkConfig, 'guest_users_allowed' | 'membership_roles_enabled'>;
    roles: MembershipRoleRow[];
  },
): MemberAdminDetail {
  return {
    ...presentItem(actor, m, extra.email),
    email_editable: extra.emailEditable,
    membership_role_ids: extra.config.membership_roles_enabled ? extra.roleIds : [],
    options: presentOptions(extra.config, extra.roles),
  };
}

/** What the member forms offer: external members where guests are allowed, the network's roles where roles are on. */
export function presentOptions(
  config: Pick<NetworkConfig, 'guest_users_allowed' | 'membership_roles_enabled'>,
  roles: MembershipRoleRow[],
): MemberAdminDetail['options'] {
  return {
    guest_users_allowed: config.guest_users_allowed,
    membership_roles_enabled: config.membership_roles_enabled,
    roles: config.membership_roles_enabled
      ? roles.map((r) => ({ id: r.id, name: r.name, color: r.color, text_color: r.textColor }))
      : [],
  };
}

export function presentGroups(
  member: { id: string; name: string },
  rows: AdministeredGroupMembership[],
): MemberAdminGroups {
  return {
    member,
    groups: rows.map(({ group, role, category }) => ({
      id: group.id,
      slug: group.slug,
      name: group.name,
      path: `/groups/${group.slug}`,
      archived: group.archived,
      role,
      category,
    })),
  };
}

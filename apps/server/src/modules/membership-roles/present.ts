import type { DirectoryRoleOption, MembershipRole } from '@agora/contracts';
import type { MembershipRoleRow } from './repository.ts';

export function presentDirectoryRole(
  role: MembershipRoleRow,
  group: { id: string; name: string } | null,
): DirectoryRoleOption {
  return {
    type: 'membership_role',
    id: role.id,
    slug: role.slug,
    name: role.name,
    plural_name: role.pluralName,
    color: role.color,
    group,
  };
}

export function presentRole(
  role: MembershipRoleRow,
  holderCount: number,
  can: { update: boolean; destroy: boolean },
): MembershipRole {
  return {
    id: role.id,
    slug: role.slug,
    name: role.name,
    plural_name: role.pluralName,
    color: role.color,
    text_color: role.textColor,
    display_type: role.displayType,
    group_id: role.groupId,
    holder_count: holderCount,
    can,
  };
}

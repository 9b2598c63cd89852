import type { DirectoryRoleOption } from '@agora/contracts';
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

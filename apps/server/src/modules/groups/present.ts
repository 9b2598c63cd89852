import type { Group, NetworkShell } from '@agora/contracts';
import { abilities, pick, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import type { GroupCategoryRow } from './repository.ts';

export function presentGroup(actor: Actor, subject: GroupSubject, memberCount: number): Group {
  const { group, role } = subject;
  const can = abilities(groupPolicy, actor, subject);
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    group_category_id: group.groupCategoryId,
    category_id: group.groupCategoryId,
    access: group.access,
    moderated_join: group.moderatedJoin,
    members_can_invite: group.membersCanInvite,
    chat: group.chatEnabled ? 'enabled' : 'disabled',
    sensitive: group.sensitive,
    archived: group.archived,
    externally_visible: group.externallyVisible,
    teaser: group.teaser,
    profile_image: group.profileImageId,
    member_count: memberCount,
    membership_status_of_current_member: role ?? 'no_member',
    active_theme: group.theme ?? null,
    can: pick(can, [
      'join',
      'join_moderated',
      'leave',
      'archive',
      'destroy',
      'create_hidden',
      'invite_internal',
      'invite_external',
      'invite_external_guests',
      'update',
    ]),
  };
}

export function presentShellCategory(
  actor: Actor,
  category: GroupCategoryRow,
  administrated: boolean,
): NetworkShell['group_categories'][number] {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    plural_name: category.pluralName,
    order: category.position,
    active_theme: category.theme ?? null,
    can: { administrate: actor.isNetworkAdmin || administrated },
  };
}

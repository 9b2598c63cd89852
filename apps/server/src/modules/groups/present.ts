import {
  deriveTheme,
  parseTheme,
  type ActiveTheme,
  type DirectoryGroupOption,
  type Group,
  type NetworkShell,
  type UserbarGroups,
} from '@agora/contracts';
import { abilities, pick, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import type { GroupCategoryRow, GroupRow } from './repository.ts';

/** A category's or group's design replaces the network's only where it says so (override). */
export function activeTheme(stored: unknown): ActiveTheme | null {
  if (!stored) return null;
  const theme = parseTheme(stored);
  return theme.override ? deriveTheme(theme) : null;
}

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
    active_theme: activeTheme(group.theme),
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
    active_theme: activeTheme(category.theme),
    can: { administrate: actor.isNetworkAdmin || administrated },
  };
}

type UserbarCategory = UserbarGroups['categories'][number];

/** Every category in order, each with the member's groups in it (already in their order). */
export function presentUserbarGroups(categories: GroupCategoryRow[], groups: GroupRow[]): UserbarGroups {
  const byCategory = new Map<string, UserbarCategory['groups']>();
  for (const g of groups) {
    const list = byCategory.get(g.groupCategoryId) ?? [];
    list.push({ id: g.id, slug: g.slug, name: g.name, archived: g.archived, active_theme: activeTheme(g.theme) });
    byCategory.set(g.groupCategoryId, list);
  }
  return {
    categories: categories.map((c) => ({
      id: c.id,
      slug: c.slug,
      plural_name: c.pluralName,
      color: c.color,
      active_theme: activeTheme(c.theme),
      groups: byCategory.get(c.id) ?? [],
    })),
  };
}

export function presentDirectoryGroup(group: GroupRow, categoryName: string): DirectoryGroupOption {
  return {
    type: 'group',
    id: group.id,
    slug: group.slug,
    name: group.name,
    category: { id: group.groupCategoryId, name: categoryName },
    chat_enabled: group.chatEnabled,
  };
}

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
import type { GroupMembershipView } from './membership.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import type { GroupCategoryRow, GroupRow } from './repository.ts';

/** A category's or group's design replaces the network's only where it says so (override). */
export function activeTheme(stored: unknown): ActiveTheme | null {
  if (!stored) return null;
  const theme = parseTheme(stored);
  return theme.override ? deriveTheme(theme) : null;
}

/** The group JSON of the actor: `membership` is where the actor stands in it (groups.membershipView). */
export function presentGroup(
  actor: Actor,
  subject: GroupSubject,
  membership: GroupMembershipView,
  rootFolderId: string | null = null,
): Group {
  const { group } = subject;
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
    description: group.description,
    invites_restricted: group.invitesRestricted,
    active_main_group: group.activeMainGroup,
    hidden_main_group: group.activeMainGroup && group.access === 'hidden',
    profile_image: group.profileImageId,
    member_count: membership.memberCount,
    membership_status_of_current_member: membership.status,
    i_haz_subscription: membership.subscribed,
    favorited: membership.favorited,
    invite: membership.invite,
    active_theme: activeTheme(group.theme),
    root_folder_id: rootFolderId,
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

/**
 * Every category in order, each with the member's groups in it: their favourites first, the
 * others after them in the order given.
 */
export function presentUserbarGroups(
  categories: GroupCategoryRow[],
  groups: GroupRow[],
  favorites: ReadonlySet<string> = new Set(),
): UserbarGroups {
  const byCategory = new Map<string, UserbarCategory['groups']>();
  const ordered = [...groups.filter((g) => favorites.has(g.id)), ...groups.filter((g) => !favorites.has(g.id))];
  for (const g of ordered) {
    const list = byCategory.get(g.groupCategoryId) ?? [];
    list.push({
      id: g.id,
      slug: g.slug,
      name: g.name,
      archived: g.archived,
      favorited: favorites.has(g.id),
      active_theme: activeTheme(g.theme),
    });
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

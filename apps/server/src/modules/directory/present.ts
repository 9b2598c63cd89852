import { profileValueText, type DirectoryGroup, type DirectoryMember } from '@agora/contracts';
import { abilities, pick, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type CategoryGroupEntry } from '../groups/index.ts';
import { memberImages, memberName, type DirectoryMemberRow } from '../members/index.ts';

/** A member row of the directory: the values of the fields the network shows, as text. */
export function presentDirectoryMember(row: DirectoryMemberRow, fields: string[]): DirectoryMember {
  const profile: Record<string, string> = {};
  for (const field of fields) {
    const text = profileValueText(row.profile[field]);
    if (text !== null) profile[field] = text;
  }
  return {
    id: row.id,
    displayName: memberName(row),
    first_name: row.firstName,
    last_name: row.lastName,
    path: `/members/${row.id}`,
    images: memberImages(row),
    is_external: row.isExternal,
    locked: row.lockedAt !== null,
    profile,
  };
}

export function presentDirectoryGroup(
  actor: Actor,
  entry: CategoryGroupEntry,
  state: DirectoryGroup['membership_status_of_current_member'],
  invite: { id: string } | null,
): DirectoryGroup {
  const { group } = entry;
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    teaser: group.teaser,
    access: group.access,
    archived: group.archived,
    profile_image: group.profileImageId,
    member_count: entry.memberCount,
    membership_status_of_current_member: state,
    invite: state === 'invited' ? invite : null,
    can: pick(abilities(groupPolicy, actor, entry), ['join', 'join_moderated', 'leave']),
  };
}

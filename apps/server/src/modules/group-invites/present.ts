import {
  imageUrl,
  type GroupInvite,
  type InvitableGroup,
  type MemberRef,
  type SentGroupInvite,
} from '@agora/contracts';
import type { GroupRow } from '../groups/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import type { GroupInviteRow } from './repository.ts';

export function presentMemberRef(m: MembershipRow | undefined): MemberRef | null {
  return m ? { id: m.id, name: memberName(m), path: `/members/${m.id}`, detection_profile_field: null } : null;
}

export function presentInvitableGroup(group: GroupRow): InvitableGroup {
  return {
    id: group.id,
    name: group.name,
    slug: group.slug,
    image: group.profileImageId ? imageUrl(group.profileImageId, '80x80') : null,
    path: `/groups/${group.slug}`,
  };
}

/** An invite in the invitee's inbox: open ones ask for an answer. */
export function presentGroupInvite(
  row: GroupInviteRow,
  group: GroupRow,
  author: MembershipRow | undefined,
): GroupInvite {
  const open = row.status === 'open' && !group.archived;
  return {
    id: row.id,
    type: 'group_invite',
    invitable: presentInvitableGroup(group),
    author: presentMemberRef(author),
    additional_message: row.additionalMessage,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    can: { accept: open, reject: row.status === 'open' },
  };
}

export function presentSentInvite(
  row: GroupInviteRow,
  group: GroupRow,
  members: Map<string, MembershipRow>,
  can: { renew: boolean; revoke: boolean },
): SentGroupInvite {
  return {
    id: row.id,
    type: 'group_invite',
    invitee: presentMemberRef(members.get(row.membershipId)),
    invitable: presentInvitableGroup(group),
    author: presentMemberRef(members.get(row.authorId)),
    additional_message: row.additionalMessage,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    renewed_at: row.renewedAt?.toISOString() ?? null,
    can,
  };
}

import type { Calendar, MemberRef } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import type { LoadedCalendar } from './access.ts';

export function presentMemberRef(m: MembershipRow): MemberRef {
  return { id: m.id, name: memberName(m), path: `/members/${m.id}` };
}

/**
 * A calendar as the spec names its fields. A personal calendar of someone else is one shared
 * with the actor: its type is 'shared'. Share recipients are shown to whoever may change them.
 */
export function presentCalendar(
  actor: Actor,
  loaded: LoadedCalendar,
  members: Map<string, MembershipRow>,
  shares: string[],
): Calendar {
  const { row, access, can } = loaded;
  const author = row.authorId ? members.get(row.authorId) : undefined;
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    type: row.type === 'personal' && row.ownerId !== actor.membershipId ? 'shared' : row.type,
    category_name: access.group?.categoryName ?? null,
    parent_id: row.type === 'group' ? row.parentId : null,
    group: access.group ? { id: access.group.id, slug: access.group.slug, name: access.group.name } : null,
    is_default: row.isDefault,
    author: author ? presentMemberRef(author) : null,
    memberships: can.update
      ? shares.flatMap((id) => {
          const m = members.get(id);
          return m ? [presentMemberRef(m)] : [];
        })
      : [],
    can: { update: can.update, destroy: can.destroy, create_appointments: can.create_appointments },
  };
}

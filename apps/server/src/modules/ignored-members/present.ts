import type { IgnoredMember } from '@agora/contracts';
import { memberImages, memberName, type MembershipRow } from '../members/index.ts';
import type { IgnoredMemberRow } from './repository.ts';

export function presentIgnoredMember(row: IgnoredMemberRow, m: MembershipRow): IgnoredMember {
  return {
    id: m.id,
    name: memberName(m),
    path: `/members/${m.id}`,
    images: memberImages(m),
    is_external: m.isExternal,
    ignored_at: row.createdAt.toISOString(),
  };
}

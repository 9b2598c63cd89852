import {
  addressText,
  parseMemberAddress,
  PROFILE_SHOW_AGE_KEY,
  profileValueText,
  type MemberProfile,
  type MemberProfileField,
  type MemberProfileGroup,
  type NetworkSettings,
} from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { abilities } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { memberPolicy, type MemberSubject } from './policy.ts';
import { presentMember } from './present.ts';
import type { MembershipRow } from './repository.ts';

type MemberGroup = Awaited<ReturnType<GroupsService['groupsOfMemberVisibleTo']>>[number];

export type ProfileSettings = Pick<
  NetworkSettings,
  'directory_profile_fields' | 'directory_filter_profile_fields' | 'detection_profile_field'
>;

/** A value as one line of text; an address (the maps' structured value) as a letter has it. */
function field(profile: Record<string, unknown>, key: string): MemberProfileField | null {
  const address = parseMemberAddress(profile[key]);
  const value = address ? addressText(address) : profileValueText(profile[key]);
  return value === null ? null : { key, value };
}

/** Day and month; the year only as the age, and that only where the member shows it. */
export function presentBirthday(
  m: Pick<MembershipRow, 'birthday' | 'profile'>,
  today: Date,
): MemberProfile['birthday'] {
  const match = m.birthday ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(m.birthday) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [thisMonth, thisDay] = [today.getUTCMonth() + 1, today.getUTCDate()];
  const hadBirthday = thisMonth > month || (thisMonth === month && thisDay >= day);
  const age = today.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
  return {
    day,
    month,
    age: m.profile[PROFILE_SHOW_AGE_KEY] === true ? age : null,
    is_today: thisMonth === month && thisDay === day,
  };
}

function presentGroup({ group, role, category }: MemberGroup): MemberProfileGroup {
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    path: `/groups/${group.slug}`,
    archived: group.archived,
    admin: role === 'admin',
    category: { id: category.id, name: category.name, plural_name: category.pluralName },
  };
}

/**
 * A member's profile as the viewer sees it: the member, the profile values the network shows
 * (its directory's fields, then its filter fields, in their order), the birthday, the groups the viewer may see (already
 * filtered, `limit + 1` loaded to know whether there are more) and how to reach them.
 */
export function presentMemberProfile(
  actor: Actor,
  subject: MemberSubject,
  settings: ProfileSettings,
  groups: MemberGroup[],
  limit: number,
  today: Date = new Date(),
): MemberProfile {
  const m = subject.membership;
  const profile = m.profile ?? {};
  // What the directory shows of members, in its rows or as filters, their profiles show too.
  const shown = [...new Set([...settings.directory_profile_fields, ...settings.directory_filter_profile_fields])];
  const can = abilities(memberPolicy, actor, subject);
  return {
    ...presentMember(actor, subject),
    detection: settings.detection_profile_field ? field(profile, settings.detection_profile_field) : null,
    profile_fields: shown.map((key) => field(profile, key)).filter((f): f is MemberProfileField => f !== null),
    birthday: presentBirthday(m, today),
    groups: groups.slice(0, limit).map(presentGroup),
    more_groups: groups.length > limit,
    contact: { chat: !!can.start_chat },
  };
}

import {
  addressText,
  parseMemberAddress,
  profileValueText,
  propertyDisplayValue,
  type CurrentMember,
  type ImageSize,
  type Member,
  type MemberImages,
  type MemberOption,
  type Property,
} from '@agora/contracts';
import { abilities, pick, type Actor } from '../../platform/policy/index.ts';
import { memberPolicy, type MemberSubject } from './policy.ts';
import type { MemberOptionRow, MembershipRow } from './repository.ts';

export function memberName(m: Pick<MembershipRow, 'displayName' | 'firstName' | 'lastName'>): string {
  return m.displayName?.trim() || `${m.firstName} ${m.lastName}`.trim();
}

/** A member's profile image in its sizes, as members are presented everywhere. */
export function memberImages(m: Pick<MembershipRow, 'profileImageId'>): MemberImages {
  return images(m);
}

/**
 * The storage image sizes behind each (administration spec, section 9): lists show avatars of up
 * to 40 px and the header one of 40x40, both at twice the pixels, so they share the 80x80 variant
 * (also the chat's); the profile page shows the 435x435 thumbnail.
 */
export const MEMBER_IMAGE_SIZES = { small: '80x80', medium: '80x80', large: '435x435' } as const satisfies Record<
  keyof MemberImages,
  ImageSize
>;

function images(m: Pick<MembershipRow, 'profileImageId'>): MemberImages {
  if (!m.profileImageId) return { small: null, medium: null, large: null };
  const base = `/api/storage/images/${m.profileImageId}/get`;
  return {
    small: `${base}/${MEMBER_IMAGE_SIZES.small}`,
    medium: `${base}/${MEMBER_IMAGE_SIZES.medium}`,
    large: `${base}/${MEMBER_IMAGE_SIZES.large}`,
  };
}

export function presentMember(actor: Actor, subject: MemberSubject): Member {
  const m = subject.membership;
  const can = abilities(memberPolicy, actor, subject);
  return {
    id: m.id,
    name: memberName(m),
    displayName: memberName(m),
    first_name: m.firstName,
    last_name: m.lastName,
    path: `/members/${m.id}`,
    images: images(m),
    is_external: m.isExternal,
    minister: m.minister,
    locked: !!m.lockedAt,
    can: pick(can, [
      'update_registration',
      'update_profile',
      'edit',
      'edit_groups',
      'destroy',
      'chat',
      'create_channels',
      'ignore',
    ]),
  };
}

/** A member as pickers list them (`GET /members?q=`). */
export function presentMemberOption(m: MemberOptionRow): MemberOption {
  return { id: m.id, displayName: memberName(m), images: { small: images(m).small }, is_external: m.isExternal };
}

/** A profile value as one line: by its property where the network has one, else as stored (an address joined). */
function displayValue(value: unknown, property: Property | undefined): string | null {
  if (property) return propertyDisplayValue(property, value);
  const address = parseMemberAddress(value);
  return address ? addressText(address) : profileValueText(value);
}

export function presentCurrentMember(
  m: MembershipRow,
  today: Date = new Date(),
  /** The network's profile properties, which name how values read. */
  properties: Property[] = [],
): CurrentMember {
  const byName = new Map(properties.map((p) => [p.name, p]));
  const birthday = m.birthday ? new Date(`${m.birthday}T00:00:00Z`) : null;
  const isToday =
    !!birthday && birthday.getUTCMonth() === today.getUTCMonth() && birthday.getUTCDate() === today.getUTCDate();
  return {
    id: m.id,
    displayName: memberName(m),
    name: memberName(m),
    first_name: m.firstName,
    last_name: m.lastName,
    path: `/members/${m.id}`,
    images: images(m),
    is_external: m.isExternal,
    network_admin: m.networkAdmin,
    profile: Object.fromEntries(
      Object.entries(m.profile).map(([k, value]) => {
        const text = displayValue(value, byName.get(k));
        return [k, text === null ? { value } : { value, displayValue: text }];
      }),
    ),
    birthday: m.birthday,
    birthday_is_today: isToday,
    age: birthday ? ageOn(birthday, today) : null,
    onboarding_pending: !!m.onboardingPendingAt,
  };
}

function ageOn(birthday: Date, today: Date): number {
  const years = today.getUTCFullYear() - birthday.getUTCFullYear();
  const hadBirthday =
    today.getUTCMonth() > birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() >= birthday.getUTCDate());
  return hadBirthday ? years : years - 1;
}

/** A member named on someone else's object (the actor of a notification, say). */
export function presentMemberSummary(m: MembershipRow) {
  return { id: m.id, displayName: memberName(m), images: images(m), path: `/members/${m.id}` };
}

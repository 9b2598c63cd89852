import type { Services } from '../app.ts';
import { hashPassword } from '../platform/auth/passwords.ts';

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hanna',
  'Ida',
  'Jonas',
  'Karl',
  'Lena',
  'Mia',
  'Noah',
  'Olga',
  'Paul',
  'Rosa',
  'Sven',
  'Tara',
  'Uwe',
];
const LAST = [
  'Adler',
  'Becker',
  'Braun',
  'Fischer',
  'Hoffmann',
  'Koch',
  'Krause',
  'Lange',
  'Meyer',
  'Neumann',
  'Richter',
  'Schmidt',
  'Schulz',
  'Wagner',
  'Weber',
  'Wolf',
  'Zimmermann',
  'Vogel',
  'Roth',
  'Frank',
];

/** The directory's profile values: a department and an office each, languages for some. */
const DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Finance',
  'Human Resources',
  'Legal',
  'Support',
  'Operations',
  'Research',
  'Purchasing',
  'Logistics',
  'Management',
];
const LOCATIONS = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Stuttgart', 'Leipzig', 'Wien'];
const LANGUAGES = [['German'], ['German', 'English'], ['English'], ['German', 'French'], ['German', 'Spanish']];

/** Member `i`'s profile in the large network; the directory benchmark filters by these values. */
export function largeProfile(i: number): Record<string, unknown> {
  return {
    department: DEPARTMENTS[i % DEPARTMENTS.length]!,
    location: LOCATIONS[Math.floor(i / 7) % LOCATIONS.length]!,
    position: `Position ${i % 40}`,
    ...(i % 3 === 0 ? { languages: LANGUAGES[i % LANGUAGES.length]! } : {}),
  };
}

export const LARGE_DIRECTORY_SETTINGS = {
  directory_profile_fields: ['department', 'position', 'location'],
  directory_filter_profile_fields: ['department', 'location', 'languages'],
};

export type LargeNetworkOptions = { members: number; groups?: number; password?: string; name?: string };

/**
 * A large network for benchmarks: `members` accounts (member-00000@example.com ...; the first is
 * a network admin), a handful of categories and `groups` groups of about 50 members each.
 */
export async function seedLarge(services: Services, options: LargeNetworkOptions) {
  const groupCount = options.groups ?? Math.max(10, Math.floor(options.members / 100));
  const network = await services.networks.create({
    name: options.name ?? 'Large Network',
    language: 'en',
    settings: LARGE_DIRECTORY_SETTINGS,
  });
  // One hash for all: hashing ten thousand passwords would take minutes and prove nothing.
  const passwordHash = await hashPassword(options.password ?? 'bench-password');
  const memberIds: string[] = [];
  const chunk = 1000;
  for (let start = 0; start < options.members; start += chunk) {
    const count = Math.min(chunk, options.members - start);
    const indexes = Array.from({ length: count }, (_, k) => start + k);
    const users = await services.accounts.createUsers(indexes.map((i) => ({ email: largeEmail(i), passwordHash })));
    const created = await services.members.createMany(
      indexes.map((i, k) => ({
        networkId: network.id,
        userId: users[k]!.id,
        firstName: FIRST[i % FIRST.length]!,
        lastName: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
        networkAdmin: i === 0,
        isExternal: i % 50 === 49,
        profile: largeProfile(i),
      })),
    );
    memberIds.push(...created.map((m) => m.id));
  }
  const categories = await services.groups.createCategories(network.id, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams', position: 0 },
    { slug: 'projects', name: 'Project', pluralName: 'Projects', position: 1 },
    { slug: 'locations', name: 'Location', pluralName: 'Locations', position: 2 },
  ]);
  const groups = await services.groups.createGroups(
    network.id,
    Array.from({ length: groupCount }, (_, g) => ({
      groupCategoryId: categories[g % categories.length]!.id,
      slug: `group-${g}`,
      name: `Group ${g}`,
      access: (['open', 'closed', 'hidden'] as const)[g % 3],
    })),
  );
  // The network and group calendars come from the events' processors.
  await services.events.settled(120_000);
  const entries = groups.flatMap((group, g) =>
    Array.from({ length: Math.min(50, memberIds.length) }, (_, k) => ({
      groupId: group.id,
      membershipId: memberIds[(g * 37 + k * 13) % memberIds.length]!,
      role: k === 0 ? ('admin' as const) : ('member' as const),
    })),
  );
  for (let i = 0; i < entries.length; i += chunk)
    await services.groups.addMembers(network.id, entries.slice(i, i + chunk));
  await seedNotifications(services, network.id, memberIds, groups);
  return { network, memberIds, groupCount: groups.length };
}

const NOTIFICATIONS_PER_MEMBER = 10;
const UNREAD_PER_MEMBER = 3;
const DAY = 24 * 60 * 60 * 1000;

/** Every member's history: ten notifications a day apart, the newest three unread. */
async function seedNotifications(
  services: Services,
  networkId: string,
  memberIds: string[],
  groups: Array<{ slug: string; name: string }>,
) {
  const now = Date.now();
  for (let round = 0; round < NOTIFICATIONS_PER_MEMBER; round++) {
    const at = new Date(now - (NOTIFICATIONS_PER_MEMBER - round) * DAY);
    const read = round < NOTIFICATIONS_PER_MEMBER - UNREAD_PER_MEMBER;
    const group = groups[round % groups.length]!;
    for (let start = 0; start < memberIds.length; start += 1000) {
      await services.notifications.notify({
        networkId,
        recipientIds: memberIds.slice(start, start + 1000),
        type: 'group_membership_added',
        actorId: memberIds[round % memberIds.length]!,
        subject: { type: 'group', title: group.name, path: `/groups/${group.slug}` },
        at,
        ...(read ? { readAt: at } : {}),
      });
    }
  }
}

export function largeEmail(i: number): string {
  return `member-${String(i).padStart(5, '0')}@example.com`;
}

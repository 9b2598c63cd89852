import type { ThemeInput } from '@agora/contracts';
import { MODULES, type Services } from '../app.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { orderModules, type AnyModule } from '../platform/loader/index.ts';
import type { DemoNetwork } from './demo-context.ts';
import { seedDemoGroups } from './demo-groups.ts';
import { seedDemoMembership } from './demo-membership.ts';
import { seedDemoProfiles } from './demo-profiles.ts';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS = [
  { email: 'anna.admin@example.com', firstName: 'Anna', lastName: 'Adler', role: 'network admin' },
  { email: 'max.member@example.com', firstName: 'Max', lastName: 'Meier', role: 'member' },
  { email: 'gina.guest@example.com', firstName: 'Gina', lastName: 'Gast', role: 'external member' },
] as const;

const MORE_MEMBERS: Array<[string, string]> = [
  ['Lena', 'Schmidt'],
  ['Jonas', 'Becker'],
  ['Sophie', 'Wagner'],
  ['Paul', 'Hoffmann'],
  ['Marie', 'Schulz'],
  ['Felix', 'Koch'],
  ['Laura', 'Richter'],
  ['Lukas', 'Klein'],
  ['Hannah', 'Wolf'],
  ['Tim', 'Schröder'],
  ['Emma', 'Neumann'],
  ['Noah', 'Schwarz'],
  ['Mia', 'Zimmermann'],
  ['Elias', 'Braun'],
  ['Clara', 'Krüger'],
  ['David', 'Hofmann'],
  ['Lea', 'Hartmann'],
  ['Ben', 'Lange'],
  ['Julia', 'Schmitt'],
  ['Finn', 'Werner'],
  ['Amelie', 'Krause'],
  ['Leon', 'Meyer'],
  ['Nora', 'Lehmann'],
  ['Samuel', 'Köhler'],
  ['Ida', 'Walter'],
];

/** A calm blue on a white header; projects and one group show how their own designs look. */
const NETWORK_THEME: ThemeInput = {
  colors: { primary: '#1971c2', header_background: '#ffffff', header_text: '#212529' },
};

const CATEGORIES = [
  { slug: 'teams', name: 'Team', pluralName: 'Teams', color: '#1c7ed6', position: 0 },
  {
    slug: 'projects',
    name: 'Projekt',
    pluralName: 'Projekte',
    color: '#2f9e44',
    position: 1,
    theme: { override: true, colors: { primary: '#0c8599', userbar_background: '#f3fbfc' } },
  },
  { slug: 'locations', name: 'Standort', pluralName: 'Standorte', color: '#e8590c', position: 2 },
] as const;

type DemoGroup = {
  category: (typeof CATEGORIES)[number]['slug'];
  slug: string;
  name: string;
  access: 'open' | 'closed' | 'hidden';
  teaser: string;
  /** Indexes into the member list: the first ones are admins. */
  admins: number[];
  members: number[];
  externallyVisible?: boolean;
  theme?: ThemeInput;
};

// Member indexes: 0 Anna (admin), 1 Max, 2 Gina (external), 3.. the others.
const GROUPS: DemoGroup[] = [
  {
    category: 'teams',
    slug: 'marketing',
    name: 'Marketing',
    access: 'open',
    teaser: 'Campaigns, brand and events.',
    admins: [3],
    members: [1, 4, 5, 6, 7],
  },
  {
    category: 'teams',
    slug: 'engineering',
    name: 'Engineering',
    access: 'open',
    teaser: 'Building and running the product.',
    admins: [1],
    members: [8, 9, 10, 11, 12, 13],
  },
  {
    category: 'teams',
    slug: 'human-resources',
    name: 'Human Resources',
    access: 'closed',
    teaser: 'People, hiring and onboarding.',
    admins: [0],
    members: [14, 15],
  },
  {
    category: 'projects',
    slug: 'website-relaunch',
    name: 'Website Relaunch',
    access: 'closed',
    teaser: 'The new public website.',
    admins: [4],
    members: [1, 2, 5, 9],
    externallyVisible: true,
  },
  {
    category: 'projects',
    slug: 'product-launch',
    theme: { override: true, colors: { primary: '#7048e8', header_background: '#f3f0ff' } },
    name: 'Product Launch 2027',
    access: 'hidden',
    teaser: 'Confidential launch planning.',
    admins: [0],
    members: [1, 16, 17],
  },
  {
    category: 'locations',
    slug: 'berlin',
    name: 'Berlin',
    access: 'open',
    teaser: 'Everything around the Berlin office.',
    admins: [18],
    members: [0, 1, 19, 20, 21],
  },
  {
    category: 'locations',
    slug: 'hamburg',
    name: 'Hamburg',
    access: 'open',
    teaser: 'The Hamburg office.',
    admins: [22],
    members: [23, 24, 25],
  },
  {
    category: 'locations',
    slug: 'munich',
    name: 'München',
    access: 'open',
    teaser: 'The Munich office.',
    admins: [26],
    members: [27, 3, 6],
  },
];

/** The demo network that `npm start` shows on an empty database. */
export async function seedDemo(services: Services) {
  const network = await services.networks.create({ name: 'Acme Demo', language: 'de', theme: NETWORK_THEME });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a })),
    ...MORE_MEMBERS.map(([firstName, lastName]) => ({
      firstName,
      lastName,
      email: `${ascii(firstName)}.${ascii(lastName)}@example.com`,
      role: 'member',
    })),
  ];
  const users = await services.accounts.createUsers(people.map((p) => ({ email: p.email, passwordHash })));
  const memberships = await services.members.createMany(
    people.map((p, i) => ({
      networkId: network.id,
      userId: users[i]!.id,
      firstName: p.firstName,
      lastName: p.lastName,
      networkAdmin: p.role === 'network admin',
      isExternal: p.role === 'external member',
    })),
  );
  const categories = await services.groups.createCategories(network.id, [...CATEGORIES]);
  const categoryId = (slug: string) => categories.find((c) => c.slug === slug)!.id;
  const groups = await services.groups.createGroups(
    network.id,
    GROUPS.map((g) => ({
      groupCategoryId: categoryId(g.category),
      slug: g.slug,
      name: g.name,
      access: g.access,
      teaser: g.teaser,
      externallyVisible: g.externallyVisible ?? false,
      theme: g.theme,
    })),
  );
  await services.groups.addMembers(
    network.id,
    GROUPS.flatMap((g, gi) => [
      ...g.admins.map((i) => ({ groupId: groups[gi]!.id, membershipId: memberships[i]!.id, role: 'admin' as const })),
      ...g.members.map((i) => ({ groupId: groups[gi]!.id, membershipId: memberships[i]!.id, role: 'member' as const })),
    ]),
  );
  await seedDemoGroups(services, { network, memberships, groups, categories });
  // The network and group calendars come from the events' processors.
  await services.events.settled();
  // Each module adds its part, in the order of what they need (roles and calendars before
  // participation, say).
  const demo: DemoNetwork = { services, network, userIds: users.map((u) => u.id), memberships, groups };
  await seedDemoProfiles(demo);
  for (const module of orderModules<AnyModule>(MODULES)) await module.demo?.(demo);
  await seedDemoMembership(demo);
  // What the seed's writes cause (notifications, mails) is done before the network is shown.
  await services.events.settled(120_000);
  // Some of the seed writes in bulk, past the events the search index follows: indexed whole.
  await services.search.reindex(network.id);
  return { network, memberships, groups, categories };
}

function ascii(name: string): string {
  return name.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

import type { ThemeInput } from '@agora/contracts';
import type { Services } from '../app.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoLegal } from './demo-legal.ts';
import { seedDemoCalendars } from './demo-calendars.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoParticipation } from './demo-participation.ts';

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
  await seedDemoNotifications(services, { network, memberships, groups });
  await seedDemoChat(services, { network, memberships, groups });
  const calendars = await seedDemoCalendars(services, { network, memberships, groups });
  // Anna can subscribe to her calendars at once; the others make their token on the account page.
  await services.accounts.renewAuthenticationToken(users[0]!.id);
  await seedDemoLegal(services, network.id);
  const roles = await services.membershipRoles.create(network.id, [
    { name: 'Betriebsrat', pluralName: 'Betriebsräte', color: '#c92a2a', textColor: '#ffffff' },
    { name: 'Ersthelfer:in', pluralName: 'Ersthelfer:innen', color: '#2f9e44', textColor: '#ffffff' },
    { name: 'Brandschutzhelfer:in', pluralName: 'Brandschutzhelfer:innen', color: '#e8590c', displayType: 'grouped' },
    {
      name: 'Projektleitung',
      pluralName: 'Projektleitungen',
      groupId: groups.find((g) => g.slug === 'website-relaunch')!.id,
    },
  ]);
  await seedDemoParticipation(services, { network, memberships, groups, roles, calendars });
  return { network, memberships, groups, categories };
}

function ascii(name: string): string {
  return name.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

import { GROUP_FIELD_DEFAULTS, type GroupFields } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { GroupCategoryRow, GroupRow } from '../modules/groups/index.ts';
import type { MembershipRow } from '../modules/members/index.ts';
import type { NetworkRow } from '../modules/networks/index.ts';
import type { Actor } from '../platform/policy/index.ts';

type Seeded = {
  network: NetworkRow;
  /** Member indexes as in demo.ts: 0 Anna (network admin), 1 Max, 2 Gina (guest), 3 Lena ... */
  memberships: MembershipRow[];
  groups: GroupRow[];
  categories: GroupCategoryRow[];
};

/** The demo groups' descriptions, by slug: what their pages show. */
const DESCRIPTIONS: Record<string, string> = {
  marketing:
    '<p>We plan <strong>campaigns</strong>, keep the brand consistent and organise our events.</p><ul><li>Campaign calendar</li><li>Brand guide</li><li>Trade fairs</li></ul>',
  engineering:
    '<p>Building and running the product. Questions about releases, incidents and tools go to the group chat.</p>',
  'human-resources': '<p>Hiring, onboarding and everything about people. Closed: ask to join if you help out.</p>',
  'website-relaunch': '<p>The new public website: content, design and the launch plan, with our agency as guests.</p>',
  'product-launch': '<p>Confidential planning of the 2027 launch. Hidden: only members see this group.</p>',
  berlin: '<p>News from the Berlin office: the kitchen, the meeting rooms and the after-work events.</p>',
};

const fields = (values: Partial<GroupFields> & Pick<GroupFields, 'name'>): GroupFields => ({
  ...GROUP_FIELD_DEFAULTS,
  ...values,
});

/**
 * The demo's groups as group administration shows them: descriptions for the groups demo.ts
 * made, and a fourth category ("Interessen", last in the order) administrated by Lena, with an
 * open, an open and moderated, a closed and sensitive group and a hidden main group, made
 * through the same path as the form (so each has its calendar and chat from group.created).
 */
export async function seedDemoGroups(services: Services, seeded: Seeded): Promise<GroupRow[]> {
  const { network, memberships } = seeded;
  const actorOf = (index: number): Actor => {
    const membership = memberships[index]!;
    return {
      userId: membership.userId,
      membershipId: membership.id,
      networkId: network.id,
      isNetworkAdmin: membership.networkAdmin,
      isExternal: membership.isExternal,
      locale: null,
      sessionId: '',
    };
  };
  const anna = actorOf(0);
  const lena = actorOf(3);

  for (const group of seeded.groups) {
    const description = DESCRIPTIONS[group.slug];
    if (!description) continue;
    const subject = await services.groups.loadForActor(anna, group.slug);
    await services.groups.update(
      anna,
      subject,
      fields({
        name: group.name,
        access: group.access,
        externally_visible: group.externallyVisible,
        teaser: group.teaser,
        description,
      }),
    );
  }

  const [interests] = await services.groups.createCategories(network.id, [
    { slug: 'interessen', name: 'Interessengruppe', pluralName: 'Interessen', color: '#ae3ec9', position: 3 },
  ]);
  await services.groups.addCategoryAdmins(network.id, [
    { groupCategoryId: interests!.id, membershipId: lena.membershipId },
  ]);
  const inInterests = (values: Partial<GroupFields> & Pick<GroupFields, 'name'>) =>
    services.groups.create(lena, fields({ ...values, group_category_id: interests!.id }));
  const created = [
    await inInterests({
      name: 'Laufgruppe',
      teaser: 'Tuesdays at 6 pm along the river.',
      description: '<p>We run <strong>5 to 10 km</strong> every Tuesday after work. Every pace is welcome.</p>',
    }),
    await inInterests({
      name: 'Buchclub',
      moderated_join: true,
      teaser: 'One book a month, one evening to talk about it.',
      description:
        '<p>We read one book a month and meet on the last Thursday. The group is small, so requests to join are moderated.</p>',
    }),
    await inInterests({
      name: 'Betriebliche Sozialberatung',
      access: 'closed',
      sensitive: true,
      chat: 'disabled',
      teaser: 'Confidential advice for colleagues.',
      description: '<p>A sensitive group: what is said here stays here. Ask to join through an admin.</p>',
    }),
    await inInterests({
      name: 'Interessen-Koordination',
      access: 'hidden',
      active_main_group: true,
      teaser: 'Where the interest groups are coordinated.',
      description: '<p>The hidden main group of the interest groups.</p>',
    }),
  ].map((subject) => subject.group);
  // A few members in each, so that the groups are not empty.
  await services.groups.addMembers(network.id, [
    ...[4, 5, 6, 7].map((i) => ({ groupId: created[0]!.id, membershipId: memberships[i]!.id })),
    ...[8, 9].map((i) => ({ groupId: created[1]!.id, membershipId: memberships[i]!.id })),
    ...[10].map((i) => ({ groupId: created[2]!.id, membershipId: memberships[i]!.id })),
  ]);
  return created;
}

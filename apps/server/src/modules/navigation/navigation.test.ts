import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppNavigation, type AppNavigationItem, type NavigationAnswer } from '@agora/contracts';
import { domainEvents } from '../../platform/events/tables.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { NAVIGATION_UPDATED } from './service.ts';

let t: TestApp;
let networkId: string;
let admin: Session;
let member: Session;
let groupAdmin: Session;
let otherGroupAdmin: Session;

const json = { accept: 'application/json' };
const headers = (session: Session | null) => session?.headers ?? json;
const get = (session: Session | null, url: string) => t.app.inject({ url, headers: headers(session) });
const put = (session: Session | null, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: headers(session), payload });

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [engineering, sales] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'engineering', name: 'Engineering' },
    { groupCategoryId: category!.id, slug: 'sales', name: 'Sales' },
  ]);
  const [a, m, g, o] = await Promise.all([
    signedInMember(t.app, t.services, networkId, { admin: true }),
    signedInMember(t.app, t.services, networkId),
    signedInMember(t.app, t.services, networkId),
    signedInMember(t.app, t.services, networkId),
  ]);
  await t.services.groups.addMembers(networkId, [
    { groupId: engineering!.id, membershipId: g.membership.id, role: 'admin' },
    { groupId: engineering!.id, membershipId: m.membership.id },
    { groupId: sales!.id, membershipId: o.membership.id, role: 'admin' },
  ]);
  [admin, member, groupAdmin, otherGroupAdmin] = [a.session, m.session, g.session, o.session];
});
afterAll(() => t.close());

const item = (text: string, link: string, extra: object = {}) => ({ text, link, ...extra });

describe('the web navigation of the network', () => {
  it('is empty until saved, and for network admins only: 401, 403', async () => {
    expect((await get(null, '/administration/navigation')).statusCode).toBe(401);
    expect((await get(member, '/administration/navigation')).statusCode).toBe(403);
    expect((await put(member, '/administration/navigation', { navigation_items: [] })).statusCode).toBe(403);
    expect((await put(groupAdmin, '/administration/navigation', { navigation_items: [] })).statusCode).toBe(403);
    const empty = await get(admin, '/administration/navigation.json');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ navigation_items: [], updated_at: null });
  });

  it('refuses items without text, without a link or children, too deep or with a bad link; nothing changes', async () => {
    const bad = await put(admin, '/administration/navigation', {
      navigation_items: [
        item('', '/a'),
        item('No link', ''),
        item('Tree', '', {
          navigation_items: [
            item('Child', '', {
              navigation_items: [item('Grandchild', '/g', { navigation_items: [item('Too deep', '/x')] })],
            }),
          ],
        }),
        item('Script', 'javascript:alert(1)'),
        item('x'.repeat(101), '/long'),
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      errors: {
        '0.text': ['message_empty_fields'],
        '1.link': ['message_empty_fields'],
        '2.navigation_items.0.navigation_items.0.navigation_items': ['too_deep'],
        '3.link': ['invalid_url'],
        '4.text': ['too_long'],
      },
      details: { '4.text': { maximum: 100 } },
    });
    expect((await get(admin, '/administration/navigation')).json<NavigationAnswer>().navigation_items).toEqual([]);
  });

  it('is saved as a whole, shown to members, its public items to visitors, and records what changed', async () => {
    const navigation_items = [
      item('Intranet', 'https://intranet.example.test', { new_window: true }),
      item('Help', '', {
        public: true,
        navigation_items: [item('Contact', '/legal/contact', { public: true }), item('Internal', '/pages/internal')],
      }),
    ];
    const saved = await put(admin, '/administration/navigation', { navigation_items });
    expect(saved.statusCode).toBe(200);
    const expected = [
      {
        text: 'Intranet',
        link: 'https://intranet.example.test',
        public: false,
        new_window: true,
        navigation_items: [],
      },
      {
        text: 'Help',
        link: '',
        public: true,
        new_window: false,
        navigation_items: [
          { text: 'Contact', link: '/legal/contact', public: true, new_window: false, navigation_items: [] },
          { text: 'Internal', link: '/pages/internal', public: false, new_window: false, navigation_items: [] },
        ],
      },
    ];
    expect(saved.json<NavigationAnswer>().navigation_items).toEqual(expected);
    expect((await get(member, '/api/v1/navigation')).json<NavigationAnswer>().navigation_items).toEqual(expected);
    expect((await get(null, '/api/v1/navigation')).statusCode).toBe(401);
    const visitors = await get(null, '/api/v1/public_navigation');
    expect(visitors.statusCode).toBe(200);
    expect(visitors.json<NavigationAnswer>().navigation_items).toEqual([
      { ...expected[1], navigation_items: [expected[1]!.navigation_items[0]] },
    ]);
    const [recorded] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.networkId, networkId), eq(domainEvents.type, NAVIGATION_UPDATED)));
    expect((recorded!.changes as { after_count: number }).after_count).toBe(4);
    expect((recorded!.changes as { added: string[] }).added).toContain(
      'Intranet -> https://intranet.example.test [new_window]',
    );
  });

  it('answers the link pickers with the pages and apps there are', async () => {
    expect((await get(admin, '/administration/pages.json')).json()).toEqual({ pages: [] });
    expect((await get(admin, '/administration/apps.json')).json()).toEqual({ apps: [] });
    expect((await get(member, '/administration/pages.json')).statusCode).toBe(403);
    expect((await get(groupAdmin, '/groups/engineering/administration/apps')).json()).toEqual({ apps: [] });
    expect((await get(otherGroupAdmin, '/groups/engineering/administration/pages')).statusCode).toBe(403);
  });
});

describe('the web navigation of a group', () => {
  it("is its admins' and the network admins' to edit, not a member's nor another group's admin", async () => {
    const body = { navigation_items: [item('Wiki', '/groups/engineering/wiki')] };
    const url = '/groups/engineering/administration/navigation';
    expect((await get(member, url)).statusCode).toBe(403);
    expect((await put(member, url, body)).statusCode).toBe(403);
    expect((await put(otherGroupAdmin, url, body)).statusCode).toBe(403);
    expect((await put(groupAdmin, url, body)).statusCode).toBe(200);
    expect((await put(admin, url, body)).statusCode).toBe(200);
    expect((await get(groupAdmin, `${url}.json`)).json<NavigationAnswer>().navigation_items).toHaveLength(1);
    expect((await get(admin, '/groups/nope/administration/navigation')).statusCode).toBe(404);
  });

  it("is shown on the group's pages to those who see the group, apart from the network's", async () => {
    const answer = await get(member, '/api/v1/groups/engineering/navigation');
    expect(answer.json<NavigationAnswer>().navigation_items.map((i) => i.text)).toEqual(['Wiki']);
    expect(
      (await get(member, '/api/v1/navigation')).json<NavigationAnswer>().navigation_items.map((i) => i.text),
    ).not.toContain('Wiki');
  });
});

const app = (items: AppNavigationItem[]) => ({ items });
const link = (id: string, url: string, extra: Partial<AppNavigationItem> = {}): AppNavigationItem => ({
  id,
  label: 'Link',
  type: 'link',
  icon: 'link',
  isEntryPoint: false,
  isDefault: false,
  options: { url, open_in: 'browser' },
  ...extra,
});

describe('the app navigation', () => {
  it('has five defaults until saved, for network admins only', async () => {
    expect((await get(member, '/administration/app_navigation')).statusCode).toBe(403);
    expect((await put(groupAdmin, '/administration/app_navigation', app([]))).statusCode).toBe(403);
    const answer = await get(admin, '/administration/app_navigation.json');
    expect(answer.json()).toEqual({ items: defaultAppNavigation('en'), updated_at: null });
    expect(answer.json<{ items: AppNavigationItem[] }>().items.filter((i) => i.isEntryPoint)).toHaveLength(1);
  });

  it('needs exactly five items and exactly one entry point that is no link', async () => {
    const defaults = defaultAppNavigation('en');
    const four = await put(admin, '/administration/app_navigation', app(defaults.slice(1)));
    expect(four.statusCode).toBe(422);
    expect(four.json()).toEqual({ errors: { items: ['exactly_five_items', 'exactly_one_entry_point'] } });
    const two = defaults.map((i) => ({ ...i, isEntryPoint: i.type !== 'more' }));
    expect((await put(admin, '/administration/app_navigation', app(two))).json()).toEqual({
      errors: { items: ['exactly_one_entry_point'] },
    });
    const linkEntry = [link('l', 'https://example.test', { isEntryPoint: true }), ...defaults.slice(1)];
    expect((await put(admin, '/administration/app_navigation', app(linkEntry))).json()).toEqual({
      errors: { items: ['exactly_one_entry_point'] },
    });
  });

  it('checks icons, link addresses, the more item last and each screen once', async () => {
    const [first, second, third, fourth, more] = defaultAppNavigation('en');
    const bad = await put(
      admin,
      '/administration/app_navigation',
      app([
        first!,
        { ...second!, icon: 'rocket' as never },
        link('l', 'ftp://example.test'),
        fourth!,
        { ...more!, options: { items: [link('m', 'not a url')] } },
      ]),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      errors: {
        '1.icon': ['invalid'],
        '2.options.url': ['invalid_url'],
        '4.options.items.0.options.url': ['invalid_url'],
      },
    });
    const twice = await put(
      admin,
      '/administration/app_navigation',
      app([first!, second!, third!, { ...fourth!, type: 'messages' }, more!]),
    );
    expect(twice.json()).toEqual({ errors: { '3.type': ['duplicated_default'] } });
    const moreFirst = await put(
      admin,
      '/administration/app_navigation',
      app([first!, more!, second!, third!, fourth!]),
    );
    expect(moreFirst.json()).toEqual({ errors: { '1.type': ['more_item_last'] } });
    expect((await get(admin, '/administration/app_navigation')).json<{ updated_at: null }>().updated_at).toBeNull();
  });

  it('saves; a link to this host opens in the webview whatever was chosen', async () => {
    const [first, second, , fourth, more] = defaultAppNavigation('en');
    const items = [
      first!,
      second!,
      link('own', 'http://localhost/groups/engineering'),
      fourth!,
      { ...more!, options: { items: [link('away', 'https://example.test/help')] } },
    ];
    const saved = await put(admin, '/administration/app_navigation', app(items));
    expect(saved.statusCode).toBe(200);
    const answer = (await get(admin, '/administration/app_navigation')).json<{ items: AppNavigationItem[] }>();
    expect(answer.items[2]!.options.open_in).toBe('webview');
    expect(answer.items[4]!.options.items![0]!.options.open_in).toBe('browser');
    expect(answer.items.map((i) => i.isDefault)).toEqual([true, true, false, true, false]);
  });
});

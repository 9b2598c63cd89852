import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupSearchHit, SearchResponse } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';
import { foundBy } from '../../testing/search-sources.ts';
import type { GroupRow } from './repository.ts';

let t: TestApp;
let networkId: string;
type Person = Awaited<ReturnType<typeof signedInMember>> & { actor: Actor };
let member: Person;
let outsider: Person;
let admin: Person;
let categoryAdmin: Person;
let guest: Person;
let groups: Record<'open' | 'hidden' | 'shown', GroupRow>;
let categorySlug: string;

const found = async (who: Person, text: string) =>
  ((await foundBy(t.services, 'groups', who.actor, text)).hits as GroupSearchHit[]).map((h) => h.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const person = async (options: Parameters<typeof signedInMember>[3] = {}): Promise<Person> => {
    const m = await signedInMember(t.app, t.services, networkId, options);
    return { ...m, actor: t.services.members.actorFor(m.membership, 'test', null) };
  };
  [member, outsider, admin, categoryAdmin, guest] = [
    await person(),
    await person(),
    await person({ admin: true }),
    await person(),
    await person({ external: true }),
  ];
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'clubs', name: 'Club', pluralName: 'Clubs' },
  ]);
  categorySlug = category!.slug;
  const made = await t.services.groups.createGroups(networkId, [
    {
      groupCategoryId: category!.id,
      slug: 'garden',
      name: 'Garden club',
      teaser: 'Vegetables and flowers',
      description: '<p>We grow <b>tomatoes</b></p>',
    },
    { groupCategoryId: category!.id, slug: 'council', name: 'Garden council', access: 'hidden' },
    { groupCategoryId: category!.id, slug: 'guests', name: 'Garden guests', externallyVisible: true },
  ]);
  groups = { open: made[0]!, hidden: made[1]!, shown: made[2]! };
  await t.services.groups.addMembers(networkId, [
    { groupId: groups.hidden.id, membershipId: member.membership.id, role: 'admin' },
    { groupId: groups.open.id, membershipId: member.membership.id },
  ]);
  await t.services.groups.addCategoryAdmins(networkId, [
    { groupCategoryId: category!.id, membershipId: categoryAdmin.membership.id },
  ]);
});
afterAll(() => t.close());

describe('groups in global search', () => {
  it('finds a hidden group for its members and the administrators, an open one for every member', async () => {
    expect(await found(member, 'garden')).toEqual(['Garden club', 'Garden council', 'Garden guests']);
    expect(await found(admin, 'garden')).toEqual(['Garden club', 'Garden council', 'Garden guests']);
    expect(await found(categoryAdmin, 'garden')).toEqual(['Garden club', 'Garden council', 'Garden guests']);
    expect(await found(outsider, 'garden')).toEqual(['Garden club', 'Garden guests']);
    // Guests: the groups shown to them and their own.
    expect(await found(guest, 'garden')).toEqual(['Garden guests']);
    await t.services.groups.addMembers(networkId, [{ groupId: groups.open.id, membershipId: guest.membership.id }]);
    expect(await found(guest, 'garden')).toEqual(['Garden club', 'Garden guests']);
    // What the member cannot see is never presented.
    const source = t.services.search.source('groups')!;
    expect(await source.present(outsider.actor, [groups.hidden.id])).toEqual([]);
  });

  it('presents a hit with its counts, category and link; found by teaser and description', async () => {
    const { hits, documents } = await foundBy(t.services, 'groups', outsider.actor, 'tomatoes');
    expect(documents.map((d) => d.id)).toEqual([groups.open.id]);
    expect(documents[0]).toMatchObject({ groupId: groups.open.id, title: 'Garden club' });
    expect(hits).toEqual([
      {
        id: groups.open.id,
        slug: 'garden',
        name: 'Garden club',
        images: { small: null, medium: null, large: null },
        archived: false,
        access: 'open',
        member_count: 2,
        activity_count: 0,
        teaser: 'Vegetables and flowers',
        group_category_id: groups.open.groupCategoryId,
        group_category_slug: categorySlug,
        html_url: '/groups/garden',
      },
    ]);
    expect((await foundBy(t.services, 'groups', outsider.actor, 'flowers')).documents).toHaveLength(1);
  });

  it('is found by its new name once renamed, and no longer by outsiders once hidden', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/groups/guests',
      headers: admin.session.headers,
      payload: { group: { name: 'Orchard friends', externally_visible: true } },
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.services.events.settled();
    const source = t.services.search.source('groups')!;
    // The search processor reloads the group on its event.
    const event = {
      id: 0,
      networkId,
      type: 'group.updated',
      actorId: null,
      subject: { type: 'group', id: groups.shown.id },
      context: null,
      changes: {},
      createdAt: new Date(),
    };
    expect(await source.changedBy['group.updated']!(event)).toEqual([groups.shown.id]);
    expect(await found(outsider, 'orchard')).toEqual(['Orchard friends']);
    expect(await found(outsider, 'garden guests')).toEqual([]);

    const hide = await t.app.inject({
      method: 'PUT',
      url: '/groups/guests',
      headers: admin.session.headers,
      payload: { group: { name: 'Orchard friends', access: 'hidden' } },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await found(outsider, 'orchard')).toEqual([]);
    expect(await found(guest, 'orchard')).toEqual([]);
    expect(await found(admin, 'orchard')).toEqual(['Orchard friends']);
  });
});

describe('GET /search.json: groups', () => {
  const search = async (who: Person, q: string) => {
    await t.services.events.settled();
    const response = await t.app.inject({
      url: `/search.json?${new URLSearchParams({ q, module: 'groups' })}`,
      headers: who.session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<SearchResponse>().groups_query!;
    return { total: result.total, names: result.hits.map((h) => h.name).sort() };
  };

  it('finds a renamed group by its new name once the processors ran, and a hidden one only for those who see it', async () => {
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/groups/garden',
      headers: admin.session.headers,
      payload: { group: { name: 'Allotment society', description: '<p>We grow <b>tomatoes</b></p>' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search(outsider, 'allotment')).toEqual({ total: 1, names: ['Allotment society'] });
    expect(await search(outsider, 'garden club')).toEqual({ total: 0, names: [] });
    expect(await search(outsider, 'council')).toEqual({ total: 0, names: [] });
    expect(await search(member, 'council')).toEqual({ total: 1, names: ['Garden council'] });
  });

  it('counts the posts of a group hit that the member may read: none of a closed group they are not in', async () => {
    const [closed] = await t.services.groups.createGroups(networkId, [
      { groupCategoryId: groups.open.groupCategoryId, slug: 'seeds', name: 'Seed bank', access: 'closed' },
    ]);
    await t.services.groups.addMembers(networkId, [{ groupId: closed!.id, membershipId: member.membership.id }]);
    const post = async (groupId: string, text: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/activities',
        headers: member.session.headers,
        payload: { activity: { content: `<p>${text}</p>`, activitystream_ids: [groupId] } },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await post(groups.hidden.id, 'First');
    await post(groups.hidden.id, 'Second');
    await post(closed!.id, 'Seeds swapped');
    await post(groups.open.id, 'Tomatoes ripe');
    const counts = async (who: Person, q: string) => {
      await t.services.events.settled();
      const response = await t.app.inject({
        url: `/search.json?${new URLSearchParams({ q, module: 'groups' })}`,
        headers: who.session.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return Object.fromEntries(
        response.json<SearchResponse>().groups_query!.hits.map((h) => [h.name, h.activity_count]),
      );
    };
    expect(await counts(member, 'council')).toEqual({ 'Garden council': 2 });
    expect(await counts(member, 'seed')).toEqual({ 'Seed bank': 1 });
    expect(await counts(admin, 'council')).toEqual({ 'Garden council': 2 });
    // A closed group is found by everyone; its posts are its members' (and administrators').
    expect(await counts(outsider, 'seed')).toEqual({ 'Seed bank': 0 });
    expect(await counts(admin, 'seed')).toEqual({ 'Seed bank': 1 });
    // An open group's posts are every internal member's; a guest reads those of their own groups.
    expect(await counts(outsider, 'allotment')).toEqual({ 'Allotment society': 1 });
    expect(await counts(guest, 'allotment')).toEqual({ 'Allotment society': 1 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGroup } from './index.ts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  signIn,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
});
afterAll(() => t.close());

let slugs = 0;
async function createGroup(values: Partial<NewGroup> = {}, inNetwork = networkId, inCategory = categoryId) {
  const [group] = await t.services.groups.createGroups(inNetwork, [
    { groupCategoryId: inCategory, slug: `group-${++slugs}`, name: `Group ${slugs}`, ...values },
  ]);
  return group!;
}

const getGroup = (slug: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/v1/groups/${slug}`, headers });

describe('GET /api/v1/groups/:slug', () => {
  it('answers 401 to an anonymous request', async () => {
    const group = await createGroup();
    const response = await getGroup(group.slug, { accept: 'application/json' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('shows an open group to any member, who may join but not change it', async () => {
    const group = await createGroup({ access: 'open', teaser: 'All welcome' });
    const { membership: existing } = await createMember(t.services, networkId);
    await t.services.groups.addMembers(networkId, [{ groupId: group.id, membershipId: existing.id }]);
    const { session } = await signedInMember(t.app, t.services, networkId);

    const response = await getGroup(group.slug, session.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: group.id,
      slug: group.slug,
      name: group.name,
      group_category_id: categoryId,
      access: 'open',
      teaser: 'All welcome',
      member_count: 1,
      membership_status_of_current_member: 'no_member',
    });
    expect(body.can).toMatchObject({
      join: true,
      join_moderated: false,
      leave: false,
      update: false,
      archive: false,
      destroy: false,
    });
  });

  it('lets a member of an open, moderated group ask to join instead', async () => {
    const group = await createGroup({ access: 'open', moderatedJoin: true });
    const { session } = await signedInMember(t.app, t.services, networkId);
    const body = (await getGroup(group.slug, session.headers)).json();
    expect(body.can).toMatchObject({ join: false, join_moderated: true });
  });

  it('answers 404 for a slug that does not exist', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const response = await getGroup('no-such-group', session.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
  });

  it('finds a group by its id as well (a #group mention links so), by the same rules', async () => {
    const open = await createGroup({ access: 'open' });
    const { session } = await signedInMember(t.app, t.services, networkId);
    const response = await getGroup(open.id, session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().slug).toBe(open.slug);
    const hidden = await createGroup({ access: 'hidden' });
    expect((await getGroup(hidden.id, session.headers)).statusCode).toBe(404);
  });

  describe('a hidden group', () => {
    it('does not exist for a member outside it', async () => {
      const group = await createGroup({ access: 'hidden' });
      const { session } = await signedInMember(t.app, t.services, networkId);
      const response = await getGroup(group.slug, session.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    });

    it('is shown to its members', async () => {
      const group = await createGroup({ access: 'hidden' });
      const { membership, session } = await signedInMember(t.app, t.services, networkId);
      await t.services.groups.addMembers(networkId, [{ groupId: group.id, membershipId: membership.id }]);
      const response = await getGroup(group.slug, session.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: group.id,
        access: 'hidden',
        membership_status_of_current_member: 'member',
        can: { join: false, leave: true, update: false },
      });
    });

    it('is shown to a network admin who is not in it', async () => {
      const group = await createGroup({ access: 'hidden' });
      const { session } = await signedInMember(t.app, t.services, networkId, { admin: true });
      const response = await getGroup(group.slug, session.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: group.id, membership_status_of_current_member: 'no_member' });
    });
  });

  describe('an external member', () => {
    it('gets 404 for a group that is neither externally visible nor theirs', async () => {
      const group = await createGroup({ access: 'open', externallyVisible: false });
      const { session } = await signedInMember(t.app, t.services, networkId, { external: true });
      const response = await getGroup(group.slug, session.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    });

    it('sees an externally visible group, without being able to join it', async () => {
      const group = await createGroup({ access: 'open', externallyVisible: true });
      const { session } = await signedInMember(t.app, t.services, networkId, { external: true });
      const response = await getGroup(group.slug, session.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().can).toMatchObject({ join: false, join_moderated: false });
    });

    it('sees a group they belong to', async () => {
      const group = await createGroup({ access: 'closed', externallyVisible: false });
      const { membership, session } = await signedInMember(t.app, t.services, networkId, { external: true });
      await t.services.groups.addMembers(networkId, [{ groupId: group.id, membershipId: membership.id }]);
      const response = await getGroup(group.slug, session.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().membership_status_of_current_member).toBe('member');
    });
  });

  it('lets a group admin update and archive the group, but not destroy it', async () => {
    const group = await createGroup({ access: 'closed' });
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addMembers(networkId, [{ groupId: group.id, membershipId: membership.id, role: 'admin' }]);
    const response = await getGroup(group.slug, session.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.membership_status_of_current_member).toBe('admin');
    expect(body.can).toMatchObject({
      update: true,
      archive: true,
      destroy: false,
      leave: true,
      join: false,
      invite_internal: true,
      invite_external: true,
    });
  });

  it('lets a network admin update, archive and destroy any group', async () => {
    const group = await createGroup({ access: 'closed' });
    const { session } = await signedInMember(t.app, t.services, networkId, { admin: true });
    const body = (await getGroup(group.slug, session.headers)).json();
    expect(body.can).toMatchObject({ update: true, archive: true, destroy: true, create_hidden: true });
  });
});

describe('two networks side by side', () => {
  let one: { id: string; categoryId: string };
  let two: { id: string; categoryId: string };
  let memberOfOne: { session: Session };

  beforeAll(async () => {
    const networkOne = await createNetwork(t.services, { host: 'one.test' });
    const networkTwo = await createNetwork(t.services, { host: 'two.test' });
    const [categoryOne] = await t.services.groups.createCategories(networkOne.id, [
      { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    ]);
    const [categoryTwo] = await t.services.groups.createCategories(networkTwo.id, [
      { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    ]);
    one = { id: networkOne.id, categoryId: categoryOne!.id };
    two = { id: networkTwo.id, categoryId: categoryTwo!.id };
    const { user, membership } = await createMember(t.services, one.id);
    // The same account is a member of the second network too: the session still belongs to one.
    await t.services.members.create({ networkId: two.id, userId: user.id, firstName: 'Also', lastName: 'There' });
    await t.services.groups.createGroups(one.id, [
      { groupCategoryId: one.categoryId, slug: 'home-group', name: 'Home' },
    ]);
    const [homeGroup] = await t.services.groups.createGroups(one.id, [
      { groupCategoryId: one.categoryId, slug: 'shared-slug', name: 'Shared in one' },
    ]);
    await t.services.groups.addMembers(one.id, [{ groupId: homeGroup!.id, membershipId: membership.id }]);
    memberOfOne = { session: await signIn(t.app, user.email, undefined, 'one.test') };
  });

  it('finds a group of the member’s own network on its host', async () => {
    const response = await getGroup('home-group', memberOfOne.session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Home');
  });

  it('answers 404 on one host for a group of the other network', async () => {
    await createGroup({ slug: 'only-in-two', access: 'open' }, two.id, two.categoryId);
    const response = await getGroup('only-in-two', memberOfOne.session.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
  });

  it('answers with the group of the request’s network where both networks use a slug', async () => {
    const [inTwo] = await t.services.groups.createGroups(two.id, [
      { groupCategoryId: two.categoryId, slug: 'shared-slug', name: 'Shared in two' },
    ]);
    const response = await getGroup('shared-slug', memberOfOne.session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).not.toBe(inTwo!.id);
    expect(response.json().name).toBe('Shared in one');
  });

  it('does not accept the session cookie of one host on the other', async () => {
    await createGroup({ slug: 'open-in-two', access: 'open' }, two.id, two.categoryId);
    const onTwo = { ...memberOfOne.session.headers, host: 'two.test' };
    const group = await getGroup('open-in-two', onTwo);
    expect(group.statusCode).toBe(401);
    const session = await t.app.inject({ url: '/api/v1/session', headers: onTwo });
    expect(session.statusCode).toBe(204);
    // The same cookie still works where it was issued.
    expect((await t.app.inject({ url: '/api/v1/session', headers: memberOfOne.session.headers })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session.headers;
  member = (await signedInMember(t.app, t.services, networkId)).session.headers;
});
afterAll(() => t.close());

const anonymous = { accept: 'application/json' };
const create = (headers: Record<string, string>, group_category: unknown) =>
  t.app.inject({ method: 'POST', url: '/administration/group-categories', headers, payload: { group_category } });
const order = (headers: Record<string, string>, slugs: unknown) =>
  t.app.inject({ method: 'PUT', url: '/administration/group-categories/order', headers, payload: { order: slugs } });
const list = async () =>
  (await t.app.inject({ url: '/administration/group-categories', headers: admin })).json<Array<{ slug: string }>>();

describe('group categories', () => {
  it('are created by network admins: 401, 422, 403, 201 with a slug from the name', async () => {
    expect((await create(anonymous, { name: 'Team', plural_name: 'Teams' })).statusCode).toBe(401);
    const invalid = await create(admin, { name: '', plural_name: 'Teams', color: 'red' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ name: ['required'], color: ['invalid'] });
    expect((await create(member, { name: 'Team', plural_name: 'Teams' })).statusCode).toBe(403);
    const response = await create(admin, {
      name: 'Arbeitsgruppe Süd',
      plural_name: 'Arbeitsgruppen',
      color: '#2f9e44',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      slug: 'arbeitsgruppe-sued',
      name: 'Arbeitsgruppe Süd',
      plural_name: 'Arbeitsgruppen',
      color: '#2f9e44',
      order: 0,
      can: { update: true, create: true, administrate: true },
    });
    expect((await create(admin, { name: 'Arbeitsgruppe süd', plural_name: 'x' })).json().slug).toBe(
      'arbeitsgruppe-sued-2',
    );
    // "order" is a word of the routes.
    expect((await create(admin, { name: 'Order', plural_name: 'Orders' })).json().slug).toBe('order-2');
  });

  it('are edited by network admins; the slug stays', async () => {
    await create(admin, { name: 'Region', plural_name: 'Regions' });
    const put = (headers: Record<string, string>, slug: string, body: object) =>
      t.app.inject({ method: 'PUT', url: `/administration/group-categories/${slug}`, headers, payload: body });
    const body = { group_category: { name: 'Area', plural_name: 'Areas', color: null } };
    expect((await put(anonymous, 'region', body)).statusCode).toBe(401);
    expect((await put(admin, 'region', { group_category: { name: 'Area' } })).statusCode).toBe(422);
    expect((await put(member, 'region', body)).statusCode).toBe(403);
    expect((await put(admin, 'nowhere', body)).statusCode).toBe(404);
    const response = await put(admin, 'region', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'region', name: 'Area', plural_name: 'Areas', color: null });
    const shown = await t.app.inject({ url: '/administration/group-categories/region', headers: admin });
    expect(shown.json().name).toBe('Area');
  });

  it('are ordered with every slug once: 204, else 422 and nothing changes', async () => {
    const before = (await list()).map((c) => c.slug);
    expect(before.length).toBeGreaterThan(2);
    const reversed = [...before].reverse();
    expect((await order(anonymous, reversed)).statusCode).toBe(401);
    expect((await order(member, reversed)).statusCode).toBe(403);
    for (const wrong of [before.slice(1), [...before, 'unknown'], [...before.slice(1), before[1]], 'x']) {
      const response = await order(admin, wrong);
      expect(response.statusCode).toBe(422);
      if (Array.isArray(wrong)) expect(response.json().errors).toEqual({ order: ['order_mismatch'] });
    }
    expect((await list()).map((c) => c.slug)).toEqual(before);
    const response = await order(admin, reversed);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list()).map((c) => c.slug)).toEqual(reversed);
    const shell = await t.app.inject({ url: '/api/v1/network', headers: admin });
    expect(shell.json().group_categories.map((c: { slug: string }) => c.slug)).toEqual(reversed);
  });
});

describe('per-category administration', () => {
  let categoryId: string;
  let otherCategoryId: string;
  let categoryAdmin: Awaited<ReturnType<typeof signedInMember>>;
  let groupAdmin: Awaited<ReturnType<typeof signedInMember>>;

  beforeAll(async () => {
    const [clubs, boards] = await t.services.groups.createCategories(networkId, [
      { slug: 'clubs', name: 'Club', pluralName: 'Clubs', position: 10 },
      { slug: 'boards', name: 'Board', pluralName: 'Boards', position: 11 },
    ]);
    categoryId = clubs!.id;
    otherCategoryId = boards!.id;
    const [chess, hidden, choir] = await t.services.groups.createGroups(networkId, [
      { groupCategoryId: categoryId, slug: 'chess', name: 'Chess' },
      { groupCategoryId: categoryId, slug: 'secret-club', name: 'Secret club', access: 'hidden' },
      { groupCategoryId: categoryId, slug: 'choir', name: 'Choir' },
    ]);
    categoryAdmin = await signedInMember(t.app, t.services, networkId);
    groupAdmin = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addCategoryAdmins(networkId, [
      { groupCategoryId: categoryId, membershipId: categoryAdmin.membership.id },
    ]);
    await t.services.groups.addMembers(networkId, [
      { groupId: choir!.id, membershipId: groupAdmin.membership.id, role: 'admin' },
      { groupId: chess!.id, membershipId: groupAdmin.membership.id, role: 'member' },
    ]);
    expect(hidden).toBeDefined();
  });

  const administration = (headers: Record<string, string>, slug = 'clubs', query = '') =>
    t.app.inject({ url: `/api/v1/group-categories/${slug}/administration${query}`, headers });

  it('walks the ladder: 401, 422, 404, 403', async () => {
    expect((await administration(anonymous)).statusCode).toBe(401);
    expect((await administration(categoryAdmin.session.headers, 'clubs', '?limit=0')).statusCode).toBe(422);
    expect((await administration(categoryAdmin.session.headers, 'nowhere')).statusCode).toBe(404);
    expect((await administration(member)).statusCode).toBe(403);
    expect((await administration(categoryAdmin.session.headers, 'boards')).statusCode).toBe(403);
  });

  it('shows a category admin every group of the category, hidden ones too, a page at a time', async () => {
    const response = await administration(categoryAdmin.session.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.group_category).toMatchObject({ slug: 'clubs', can: { create: true, administrate: true } });
    expect(body.groups.map((g: { slug: string }) => g.slug)).toEqual(['chess', 'choir', 'secret-club']);
    expect(body.total).toBe(3);
    const page = (await administration(categoryAdmin.session.headers, 'clubs', '?limit=1&offset=1')).json();
    expect(page.groups.map((g: { slug: string }) => g.slug)).toEqual(['choir']);
    expect(page.total).toBe(3);
  });

  it('shows a group admin the groups they administrate, without creating', async () => {
    const body = (await administration(groupAdmin.session.headers)).json();
    expect(body.groups.map((g: { slug: string }) => g.slug)).toEqual(['choir']);
    expect(body.group_category.can).toMatchObject({ create: false, administrate: true });
  });

  it('gives category admins the powers of group admins in their category', async () => {
    const headers = categoryAdmin.session.headers;
    const hidden = await t.app.inject({ url: '/api/v1/groups/secret-club', headers });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().can).toMatchObject({ update: true, archive: true, destroy: true, create_hidden: true });
    const shell = (await t.app.inject({ url: '/api/v1/network', headers })).json();
    const can = (slug: string) =>
      shell.group_categories.find((c: { slug: string }) => c.slug === slug).can.administrate as boolean;
    expect(can('clubs')).toBe(true);
    expect(can('boards')).toBe(false);
    const groupAdminShell = (
      await t.app.inject({ url: '/api/v1/network', headers: groupAdmin.session.headers })
    ).json();
    expect(groupAdminShell.group_categories.find((c: { slug: string }) => c.slug === 'clubs').can.administrate).toBe(
      true,
    );
    // Outside their category they are members like any other: a hidden group there is not found.
    await t.services.groups.createGroups(networkId, [
      { groupCategoryId: otherCategoryId, slug: 'secret-board', name: 'Secret board', access: 'hidden' },
    ]);
    expect((await t.app.inject({ url: '/api/v1/groups/secret-board', headers })).statusCode).toBe(404);
  });
});

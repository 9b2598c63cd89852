import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PROFILE_GROUPS_LIMIT, type MemberProfile } from '@agora/contracts';
import { newId } from '../../platform/db/ids.ts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  TEST_PASSWORD,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let viewer: Signed;
let admin: Signed;
let guest: Signed;
let insider: Signed;
let subject: { id: string };
let groupIds: Record<string, string>;
let projectsId: string;

const getProfile = (id: string, session: Session | null) =>
  t.app.inject({ url: `/members/${id}`, headers: session ? session.headers : { accept: 'application/json' } });

async function profileOf(id: string, session: Session): Promise<MemberProfile> {
  const response = await getProfile(id, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberProfile>();
}

/** A member with profile values and a birthday, as the profile editor will store them. */
async function memberWithProfile(values: { profile: Record<string, unknown>; birthday: string | null }) {
  const [user] = await t.services.accounts.createUsers([
    { email: `profiled-${newId()}@example.test`, password: TEST_PASSWORD },
  ]);
  return t.services.members.create({
    networkId,
    userId: user!.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profile: values.profile,
    birthday: values.birthday,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  await storeNetworkSettings(t.database.db, networkId, {
    directory_profile_fields: ['department', 'location', 'phone'],
    directory_filter_profile_fields: ['location', 'skills', 'address'],
    detection_profile_field: 'department',
  });
  viewer = await signedInMember(t.app, t.services, networkId, { firstName: 'Vera', lastName: 'Viewer' });
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
  guest = await signedInMember(t.app, t.services, networkId, { external: true });
  insider = await signedInMember(t.app, t.services, networkId);
  subject = await memberWithProfile({
    profile: {
      department: 'Engineering',
      location: 'Berlin',
      phone: '',
      skills: ['TypeScript', 'PostgreSQL'],
      address: { street: 'Musterstraße', number: '1', zip: '10115', city: 'Berlin', country: 'Deutschland' },
      salary: 'secret: not a directory field',
    },
    birthday: '1990-03-14',
  });
  const [teams, projects] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams', position: 0 },
    { slug: 'projects', name: 'Projekt', pluralName: 'Projekte', position: 1 },
  ]);
  const groups = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: projects!.id, slug: 'secret', name: 'Secret Project', access: 'hidden' },
    { groupCategoryId: teams!.id, slug: 'zebra', name: 'Zebra Team' },
    { groupCategoryId: teams!.id, slug: 'alpha', name: 'Alpha Team', access: 'closed' },
    { groupCategoryId: teams!.id, slug: 'old', name: 'Aardvark (old)', archived: true },
    { groupCategoryId: projects!.id, slug: 'guests', name: 'Open to guests', externallyVisible: true },
    { groupCategoryId: teams!.id, slug: 'not-theirs', name: 'Not theirs' },
  ]);
  projectsId = projects!.id;
  groupIds = Object.fromEntries(groups.map((g) => [g.slug, g.id]));
  const theirs = groups.filter((g) => g.slug !== 'not-theirs');
  await t.services.groups.addMembers(networkId, [
    ...theirs.map((g) => ({ groupId: g.id, membershipId: subject.id, role: g.slug === 'zebra' ? 'admin' : 'member' })),
    { groupId: groupIds.secret!, membershipId: insider.membership.id },
  ] as Array<{ groupId: string; membershipId: string; role?: 'admin' | 'member' }>);
});
afterAll(() => t.close());

describe('GET /members/:id, the profile', () => {
  it('answers 401 to an anonymous request, and 404 for ids that are none, unknown or of another network', async () => {
    expect((await getProfile(subject.id, null)).statusCode).toBe(401);
    const other = await createNetwork(t.services, { host: 'elsewhere.test' });
    const { membership: foreign } = await createMember(t.services, other.id);
    for (const id of ['not-an-id', newId(), foreign.id]) {
      const response = await getProfile(id, viewer.session);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it('answers 422 for an id no text may hold', async () => {
    const response = await getProfile(`${subject.id}%00`, viewer.session);
    expect(response.statusCode).toBe(422);
  });

  it("shows the network's directory and filter fields the member filled in, in the network's order, and nothing else", async () => {
    const profile = await profileOf(subject.id, viewer.session);
    expect(profile).toMatchObject({ id: subject.id, name: 'Ada Lovelace', is_external: false, locked: false });
    expect(profile.profile_fields).toEqual([
      { key: 'department', value: 'Engineering' },
      { key: 'location', value: 'Berlin' },
      { key: 'skills', value: 'TypeScript, PostgreSQL' },
      { key: 'address', value: 'Musterstraße 1, 10115 Berlin, Deutschland' },
    ]);
    expect(profile.detection).toEqual({ key: 'department', value: 'Engineering' });
    expect(JSON.stringify(profile)).not.toContain('salary');
    expect(JSON.stringify(profile)).not.toContain('1990');
  });

  it('shows the birthday without the year, and the age only where the member shows it', async () => {
    const hidden = await profileOf(subject.id, viewer.session);
    expect(hidden.birthday).toMatchObject({ day: 14, month: 3, age: null });
    const shown = await memberWithProfile({ profile: { show_age: true }, birthday: '2000-01-01' });
    const birthday = (await profileOf(shown.id, viewer.session)).birthday!;
    expect(birthday).toMatchObject({ day: 1, month: 1 });
    expect(birthday.age).toBe(new Date().getUTCFullYear() - 2000);
    const none = await memberWithProfile({ profile: {}, birthday: null });
    expect((await profileOf(none.id, viewer.session)).birthday).toBeNull();
  });

  it("lists the member's groups by category order, archived ones last and marked, admin roles marked", async () => {
    const profile = await profileOf(subject.id, viewer.session);
    expect(profile.groups.map((g) => [g.slug, g.archived, g.admin, g.category.name])).toEqual([
      ['alpha', false, false, 'Team'],
      ['zebra', false, true, 'Team'],
      ['old', true, false, 'Team'],
      ['guests', false, false, 'Projekt'],
    ]);
    expect(profile.groups[0]).toMatchObject({ path: '/groups/alpha', category: { plural_name: 'Teams' } });
    expect(profile.more_groups).toBe(false);
  });

  it('shows a hidden group only to its members and to network admins', async () => {
    const slugs = async (session: Session) => (await profileOf(subject.id, session)).groups.map((g) => g.slug);
    expect(await slugs(viewer.session)).not.toContain('secret');
    expect(await slugs(insider.session)).toContain('secret');
    expect(await slugs(admin.session)).toContain('secret');
  });

  it("shows a hidden group to its category's admins", async () => {
    const categoryAdmin = await signedInMember(t.app, t.services, networkId);
    await t.database.db.execute(
      sql`insert into group_category_admins (id, network_id, group_category_id, membership_id)
          values (${newId()}, ${networkId}, ${projectsId}, ${categoryAdmin.membership.id})`,
    );
    const profile = await profileOf(subject.id, categoryAdmin.session);
    expect(profile.groups.map((g) => g.slug)).toContain('secret');
  });

  it('shows a guest only the groups visible to guests', async () => {
    const profile = await profileOf(subject.id, guest.session);
    expect(profile.groups.map((g) => g.slug)).toEqual(['guests']);
    expect(profile.contact.chat).toBe(false);
  });

  it('offers a chat with another member who may chat, not with oneself or a guest where guests may not chat', async () => {
    expect((await profileOf(subject.id, viewer.session)).contact).toEqual({ chat: true });
    expect((await profileOf(viewer.membership.id, viewer.session)).contact).toEqual({ chat: false });
    const guestProfile = await profileOf(guest.membership.id, viewer.session);
    expect(guestProfile).toMatchObject({ is_external: true, contact: { chat: false } });
  });

  it('hides a locked member from members (404) and shows them to admins, without a chat', async () => {
    const { membership: locked } = await createMember(t.services, networkId, { locked: true });
    expect((await getProfile(locked.id, viewer.session)).statusCode).toBe(404);
    expect((await getProfile(locked.id, guest.session)).statusCode).toBe(404);
    const profile = await profileOf(locked.id, admin.session);
    expect(profile).toMatchObject({ locked: true, contact: { chat: false } });
  });

  it('lists at most the limit of groups and says when there are more', async () => {
    const [category] = await t.services.groups.createCategories(networkId, [
      { slug: 'many', name: 'Viele', pluralName: 'Viele', position: 5 },
    ]);
    const busy = await memberWithProfile({ profile: {}, birthday: null });
    const many = await t.services.groups.createGroups(
      networkId,
      Array.from({ length: MEMBER_PROFILE_GROUPS_LIMIT + 1 }, (_, i) => ({
        groupCategoryId: category!.id,
        slug: `many-${i}`,
        name: `Group ${String(i).padStart(3, '0')}`,
      })),
    );
    await t.services.groups.addMembers(
      networkId,
      many.map((g) => ({ groupId: g.id, membershipId: busy.id })),
    );
    const profile = await profileOf(busy.id, viewer.session);
    expect(profile.groups).toHaveLength(MEMBER_PROFILE_GROUPS_LIMIT);
    expect(profile.more_groups).toBe(true);
  });
});

describe("a member's profile image", () => {
  it('is served in the sizes the web app shows, to signed-in members only', async () => {
    const owner = await signedInMember(t.app, t.services, networkId);
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const stored = await t.services.storage.store({
      networkId,
      uploaderId: owner.membership.id,
      directory: 'images',
      fileName: 'me.png',
      body: Readable.from(png),
    });
    const actor = t.services.members.actorFor(owner.membership, 'test', null);
    await t.services.storage.attach(actor, [stored.id], { type: 'membership', id: owner.membership.id });
    await t.services.members.setProfileImage(networkId, owner.membership.id, stored.id);

    const profile = await profileOf(owner.membership.id, viewer.session);
    const base = `/api/storage/images/${stored.id}/get`;
    expect(profile.images).toEqual({ small: `${base}/80x80`, medium: `${base}/80x80`, large: `${base}/435x435` });

    for (const [url, size] of [
      [profile.images.medium!, 80],
      [profile.images.large!, 435],
    ] as const) {
      const image = await t.app.inject({ url, headers: { cookie: viewer.session.cookie } });
      expect(image.statusCode, url).toBe(200);
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    const anonymous = await t.app.inject({ url: profile.images.medium! });
    expect(anonymous.statusCode).toBe(404);
    // The session, from which the header shows the member, uses the same address.
    const current = await t.app.inject({ url: '/api/v1/session', headers: owner.session.headers });
    expect(current.json().member.images.medium).toBe(`${base}/80x80`);
  });

  it('of a locked member is seen by admins only', async () => {
    const locked = await createMember(t.services, networkId);
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const stored = await t.services.storage.store({
      networkId,
      uploaderId: locked.membership.id,
      directory: 'images',
      fileName: 'me.png',
      body: Readable.from(png),
    });
    const actor = t.services.members.actorFor(locked.membership, 'test', null);
    await t.services.storage.attach(actor, [stored.id], { type: 'membership', id: locked.membership.id });
    await t.services.members.setProfileImage(networkId, locked.membership.id, stored.id);
    await t.services.members.setLocked(networkId, locked.membership.id, true);
    const url = `/api/storage/images/${stored.id}/get/80x80`;
    expect((await t.app.inject({ url, headers: { cookie: viewer.session.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: { cookie: admin.session.cookie } })).statusCode).toBe(200);
  });
});

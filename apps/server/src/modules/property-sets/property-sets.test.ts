import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertySet } from '@agora/contracts';
import { uploadFile } from '../../platform/storage/upload-test-support.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Session;
let member: Session;
let memberId: string;
let groupId: string;

const URL = '/api/v1/property_sets/profile';
const get = (session: Session, url = URL) => t.app.inject({ url, headers: session.headers });
const put = (session: Session, payload: object, url = URL) =>
  t.app.inject({ method: 'PUT', url, headers: session.headers, payload });

const departments = {
  name: 'department',
  label: 'Department',
  type: 'selection',
  options: [
    { value: 'hr', label: 'HR' },
    { value: 'it', label: 'IT' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session;
  const m = await signedInMember(t.app, t.services, networkId);
  member = m.session;
  memberId = m.membership.id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'props', name: 'Props', access: 'open' },
  ]);
  groupId = group!.id;
});
afterAll(() => t.close());

describe('the network profile', () => {
  it('answers the fixed fields in the network language while none is stored; other names are 404', async () => {
    const response = await get(member);
    expect(response.statusCode, response.body).toBe(200);
    const set = response.json<PropertySet>();
    expect(set).toMatchObject({ name: 'profile', type: 'basic', parent_property_set: null, modifications: [] });
    expect(set.properties.map((p) => p.name)).toEqual([
      'department',
      'position',
      'location',
      'phone',
      'mobile',
      'room',
      'languages',
      'skills',
      'address',
    ]);
    expect(set.properties[0]).toEqual({ name: 'department', label: 'Department', type: 'text' });
    expect(set.properties.find((p) => p.name === 'address')!.type).toBe('address');
    expect((await get(member, '/api/v1/property_sets/other')).statusCode).toBe(404);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('is saved as a whole by network admins only; the service answers the new properties at once', async () => {
    expect((await t.services.propertySets.profileProperties(networkId)).length).toBe(9);
    expect((await put(member, { properties: [departments] })).statusCode).toBe(403);
    const response = await put(admin, {
      properties: [departments, { name: 'website', label: 'Website', type: 'url', required: true }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PropertySet>().properties.map((p) => p.name)).toEqual(['department', 'website']);
    expect((await get(member)).json<PropertySet>().properties[1]).toMatchObject({ type: 'url', required: true });
    const properties = await t.services.propertySets.profileProperties(networkId);
    expect(properties.map((p) => p.name)).toEqual(['department', 'website']);
    const events = await t.database.db.execute(
      sql`select count(*)::int as n from domain_events where type = 'property_set.updated' and network_id = ${networkId}`,
    );
    const rows = Array.isArray(events) ? events : (events as { rows: unknown[] }).rows;
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it('refuses bad input with keys per property and changes nothing', async () => {
    const bad = await put(admin, {
      properties: [
        departments,
        { name: 'Bad Name', label: 'x', type: 'text' },
        { name: 'empty', label: '', type: 'selection', options: [] },
        { name: 'kind', label: 'Kind', type: 'colour' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['properties.1.name', 'properties.2.label', 'properties.3.type']),
    );
    // A saved property keeps its type; a selection needs options.
    const rules = await put(admin, {
      properties: [
        { name: 'department', label: 'Department', type: 'address' },
        { name: 'team', label: 'Team', type: 'selection', options: [] },
      ],
    });
    expect(rules.statusCode).toBe(422);
    expect(rules.json()).toEqual({ errors: { 'properties.0.type': ['immutable'], 'properties.1.options': ['blank'] } });
    const twice = await put(admin, { properties: [departments, departments] });
    expect(twice.statusCode).toBe(422);
    expect((await get(member)).json<PropertySet>().properties.map((p) => p.name)).toEqual(['department', 'website']);
  });

  it('validates profile values for other modules, keeping uploads for the member', async () => {
    await put(admin, {
      properties: [
        departments,
        { name: 'website', label: 'Website', type: 'url', required: true },
        { name: 'photo', label: 'Photo', type: 'image' },
      ],
    });
    const checked = await t.services.propertySets.validateProfileValues(networkId, {
      department: 'sales',
      website: '',
      unknown: 'x',
    });
    expect(checked.errors).toEqual({ department: 'invalid', website: 'blank' });

    const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const upload = await uploadFile(t.app, member.headers, 'images', 'me.png', Buffer.from(pixel, 'base64'));
    expect(upload.statusCode, upload.body).toBe(200);
    const image = upload.json<{ id: string }>().id;
    const actor = { networkId, membershipId: memberId } as Parameters<
      typeof t.services.propertySets.validateProfileValues
    >[2] extends infer O
      ? O extends { actor: infer A }
        ? A
        : never
      : never;
    const ok = await t.services.propertySets.validateProfileValues(
      networkId,
      { department: 'it', website: 'https://example.com', photo: { id: image } },
      { actor, membershipId: memberId },
    );
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({
      department: 'it',
      website: 'https://example.com',
      photo: { id: image, name: 'me.png' },
    });
    const stored = await t.database.db.execute(
      sql`select owner_type, owner_id, state from stored_objects where id = ${image}`,
    );
    const rows = Array.isArray(stored) ? stored : (stored as { rows: unknown[] }).rows;
    expect(rows[0]).toMatchObject({ owner_type: 'membership', owner_id: memberId, state: 'published' });
    const foreign = await t.services.propertySets.validateProfileValues(
      networkId,
      { photo: { id: 'not-an-upload' } },
      { actor, membershipId: memberId },
    );
    expect(foreign.errors).toEqual({ photo: 'invalid' });
  });
});

describe('a group context', () => {
  const groupUrl = () => `${URL}?context_type=group&context_id=${groupId}`;

  it("is 404 without its own set unless it inherits the network's", async () => {
    expect((await get(member, groupUrl())).statusCode).toBe(404);
    const inherited = await get(member, `${groupUrl()}&inherit=true`);
    expect(inherited.statusCode, inherited.body).toBe(200);
    expect(inherited.json<PropertySet>()).toMatchObject({ type: 'modified', properties: [], modifications: [] });
    expect(inherited.json<PropertySet>().parent_property_set!.properties[0]!.name).toBe('department');
    expect((await get(member, `${URL}?context_type=group&context_id=missing&inherit=true`)).statusCode).toBe(404);
    expect((await get(member, `${URL}?context_type=group`)).statusCode).toBe(422);
  });

  it('adds options to the parent selections when modified, and names only selections', async () => {
    const wrong = await put(
      admin,
      {
        type: 'modified',
        properties: [],
        modifications: [{ add_options: [{ name: 'website', options: [{ value: 'x', label: 'X' }] }] }],
      },
      groupUrl(),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { 'modifications.0.add_options.0.name': ['invalid'] } });
    const response = await put(
      admin,
      {
        type: 'modified',
        properties: [],
        modifications: [{ add_options: [{ name: 'department', options: [{ value: 'lab', label: 'Lab' }] }] }],
      },
      groupUrl(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const set = (await get(member, groupUrl())).json<PropertySet>();
    expect(set.type).toBe('modified');
    expect(set.modifications[0]!.add_options[0]!.name).toBe('department');
    // The network's own profile keeps its options.
    const network = (await get(member)).json<PropertySet>();
    expect(network.properties[0]!.options!.map((o) => o.value)).toEqual(['hr', 'it']);
    // A network set cannot be modified (it has no parent).
    const top = await put(admin, { type: 'modified', properties: [], modifications: [] });
    expect(top.json()).toEqual({ errors: { type: ['invalid'] } });
  });
});

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberProfile, ProfileForm, SessionInfo } from '@agora/contracts';
import { invalidateInThisProcess } from '../../platform/cache/index.ts';
import { uploadFile } from '../../platform/storage/upload-test-support.ts';
import {
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let max: Signed;
let admin: Signed;
let other: Signed;

const put = (who: { session: Session }, id: string, member: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/members/${id}`, headers: who.session.headers, payload: { member } });
const get = (who: { session: Session }, url: string) => t.app.inject({ url, headers: who.session.headers });

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  await storeNetworkSettings(t.database.db, networkId, { directory_profile_fields: ['department', 'phone'] });
  max = await signedInMember(t.app, t.services, networkId, { firstName: 'Max', lastName: 'Member' });
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
  other = await signedInMember(t.app, t.services, networkId);
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /members/{id}', () => {
  it('walks the ladder: 401, 404, 403, 422, 200', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/members/${max.membership.id}`,
      headers: { accept: 'application/json' },
      payload: { member: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await put(max, 'nope', {})).statusCode).toBe(404);
    expect((await put(other, max.membership.id, { first_name: 'Hacked' })).statusCode).toBe(403);
    expect((await get(other, `/members/${max.membership.id}/edit`)).statusCode).toBe(403);
    const blank = await put(max, max.membership.id, { first_name: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ first_name: ['required'] });
    expect((await put(max, max.membership.id, {})).statusCode).toBe(200);
  });

  it('saves names, birthday and profile values, which the profile and the header show', async () => {
    const response = await put(max, max.membership.id, {
      display_name: 'Maxi',
      birthday: '1990-03-14',
      show_age: true,
      profile: {
        department: 'Engineering',
        skills: 'TypeScript\nPostgreSQL',
        address: { street: 'Musterstraße', number: '1', zip: '10115', city: 'Berlin' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json<ProfileForm>();
    expect(form.values).toMatchObject({
      display_name: 'Maxi',
      birthday: '1990-03-14',
      show_age: true,
      profile: { department: 'Engineering', skills: 'TypeScript\nPostgreSQL', address: { city: 'Berlin' } },
    });
    expect(form.member.can.update_profile).toBe(true);
    const profile = (await get(other, `/members/${max.membership.id}`)).json<MemberProfile>();
    expect(profile.displayName).toBe('Maxi');
    expect(profile.can.update_profile).toBe(false);
    expect(profile.profile_fields).toEqual([{ key: 'department', value: 'Engineering' }]);
    const session = (await get(max, '/api/v1/session')).json<SessionInfo>();
    expect(session.member).toMatchObject({
      displayName: 'Maxi',
      birthday: '1990-03-14',
      profile: {
        department: { value: 'Engineering', displayValue: 'Engineering' },
        address: { displayValue: 'Musterstraße 1, 10115 Berlin' },
      },
    });
    // A value sent as null is removed; the others stay.
    const cleared = await put(max, max.membership.id, { profile: { skills: null } });
    expect(cleared.json<ProfileForm>().values.profile).not.toHaveProperty('skills');
    expect(cleared.json<ProfileForm>().values.profile).toHaveProperty('department', 'Engineering');
  });

  it('answers errors per property and saves nothing then', async () => {
    const response = await put(max, max.membership.id, {
      first_name: 'Changed',
      profile: { department: 'x'.repeat(300), nonsense: 'y', address: { zip: 'z'.repeat(30) } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'profile.department': ['too_long'],
      'profile.nonsense': ['invalid'],
      'profile.address': ['too_long'],
    });
    const form = (await get(max, `/members/${max.membership.id}/edit`)).json<ProfileForm>();
    expect(form.values.first_name).toBe('Max');
    expect(form.values.profile.department).toBe('Engineering');
  });

  it('lets network administrators edit a member, and records the change', async () => {
    const response = await put(admin, other.membership.id, { last_name: 'Renamed', profile: { phone: '123' } });
    expect(response.statusCode).toBe(200);
    const result = await t.database.db.execute(
      sql`select changes from domain_events where type = 'membership.profile_updated' and subject_id = ${other.membership.id}`,
    );
    expect((result as unknown as { rows: Array<{ changes: unknown }> }).rows[0]?.changes).toEqual({
      fields: ['last_name', 'profile.phone'],
      via: 'edit',
    });
  });

  it("takes an uploaded profile image, and refuses someone else's upload", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#228be6' } })
      .png()
      .toBuffer();
    const foreign = (await uploadFile(t.app, other.session.headers, 'images', 'other.png', png)).json().id as string;
    const refused = await put(max, max.membership.id, { profile_image_id: foreign });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ profile_image_id: ['invalid'] });
    const own = (await uploadFile(t.app, max.session.headers, 'images', 'max.png', png)).json().id as string;
    const saved = await put(max, max.membership.id, { profile_image_id: own });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ProfileForm>().values.profile_image?.id).toBe(own);
    const image = await t.app.inject({ url: `/api/storage/images/${own}/get/80x80`, headers: other.session.headers });
    expect(image.statusCode).toBe(200);
    const removed = await put(max, max.membership.id, { profile_image_id: null });
    expect(removed.json<ProfileForm>().values.profile_image).toBeNull();
  });
});

describe('onboarding', () => {
  it('keeps a new member pending until they gave their profile, then sends them on', async () => {
    const newbie = await signedInMember(t.app, t.services, networkId);
    await t.database.db.execute(
      sql`update memberships set onboarding_pending_at = now() where id = ${newbie.membership.id}`,
    );
    invalidateInThisProcess([`membership:${newbie.membership.id}`]);
    const before = (await get(newbie, '/api/v1/session')).json<SessionInfo>();
    expect(before.member.onboarding_pending).toBe(true);
    const form = await get(newbie, '/onboarding/profile');
    expect(form.json()).toMatchObject({ pending: true, member: { id: newbie.membership.id } });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/onboarding/profile',
      headers: newbie.session.headers,
      payload: { member: { profile: { phone: 'p'.repeat(300) } } },
    });
    expect(bad.json().errors).toEqual({ 'profile.phone': ['too_long'] });
    const done = await t.app.inject({
      method: 'PUT',
      url: '/onboarding/profile',
      headers: newbie.session.headers,
      payload: { member: { profile: { phone: '555' } } },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ redirect_to: '/' });
    const after = (await get(newbie, '/api/v1/session')).json<SessionInfo>();
    expect(after.member.onboarding_pending).toBe(false);
  });
});

describe('a profile of every property type', () => {
  const properties = [
    { name: 'department', label: 'Department', type: 'selection', options: [{ value: 'it', label: 'IT' }] },
    {
      name: 'languages',
      label: 'Languages',
      type: 'selection',
      multiple: true,
      options: [
        { value: 'de', label: 'German' },
        { value: 'en', label: 'English' },
      ],
    },
    { name: 'motto', label: 'Motto', type: 'text' },
    { name: 'about', label: 'About', type: 'multiline_text' },
    { name: 'badge', label: 'Badge', type: 'image' },
    { name: 'cv', label: 'CV', type: 'file' },
    { name: 'joined', label: 'Joined', type: 'date' },
    { name: 'address', label: 'Address', type: 'address' },
    { name: 'website', label: 'Website', type: 'url' },
    { name: 'work_email', label: 'Work e-mail', type: 'email', required: true },
  ];

  beforeAll(async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/property_sets/profile',
      headers: admin.session.headers,
      payload: { properties },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('saves a value of each type, with uploads kept for the member, and names them in the header', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#40c057' } })
      .png()
      .toBuffer();
    const badge = (await uploadFile(t.app, max.session.headers, 'images', 'badge.png', png)).json().id as string;
    const cv = (await uploadFile(t.app, max.session.headers, 'files', 'cv.txt', 'my career')).json().id as string;
    const values = {
      department: 'it',
      languages: ['de', 'en'],
      motto: 'Ship it',
      about: 'Line one\nLine two',
      badge: { id: badge },
      cv: { id: cv },
      joined: '2020-01-15',
      address: { street: 'Hauptstraße', number: '5', zip: '80331', city: 'München', country: 'Deutschland' },
      website: 'https://example.com/max',
      work_email: 'max@example.com',
    };
    const response = await put(max, max.membership.id, { profile: values });
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json<ProfileForm>();
    expect(form.properties.map((p) => p.name)).toEqual(properties.map((p) => p.name));
    expect(form.values.profile).toMatchObject({ ...values, badge: { id: badge }, cv: { id: cv, name: 'cv.txt' } });
    const session = (await get(max, '/api/v1/session')).json<SessionInfo>();
    expect(session.member.profile.languages).toEqual({ value: ['de', 'en'], displayValue: 'German, English' });
    expect(session.member.profile.department?.displayValue).toBe('IT');
    const file = await t.app.inject({ url: `/api/storage/files/${cv}/token`, headers: other.session.headers });
    expect(file.statusCode).toBeLessThan(400);
  });

  it('answers the errors of each property at once', async () => {
    const response = await put(max, max.membership.id, {
      profile: {
        department: 'sales',
        languages: ['fr'],
        joined: '15.01.2020',
        website: 'not a url',
        work_email: '',
        badge: { id: 'ffffffffffffffffffffffff' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'profile.department': ['invalid'],
      'profile.languages': ['invalid'],
      'profile.joined': ['invalid'],
      'profile.website': ['invalid'],
      'profile.work_email': ['blank'],
    });
    const foreignUpload = await put(max, max.membership.id, { profile: { badge: { id: 'ffffffffffffffffffffffff' } } });
    expect(foreignUpload.json().errors).toEqual({ 'profile.badge': ['invalid'] });
  });

  it('asks a new member for the required properties in the onboarding', async () => {
    const newbie = await signedInMember(t.app, t.services, networkId);
    const put = (profile: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/onboarding/profile',
        headers: newbie.session.headers,
        payload: { member: { profile } },
      });
    expect((await put({ motto: 'Hello' })).json().errors).toEqual({ 'profile.work_email': ['blank'] });
    expect((await put({ work_email: 'new@example.com' })).statusCode).toBe(200);
  });
});

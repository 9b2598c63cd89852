import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationInfo } from '@agora/contracts';
import {
  createMember,
  createNetwork,
  createTestApp,
  sessionCookieFrom,
  signedInMember,
  storeNetworkSettings,
  TEST_PASSWORD,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Session;
let groupId: string;
let groupSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Invited Network' })).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'einkauf', name: 'Einkauf' },
  ]);
  groupId = group!.id;
  groupSlug = group!.slug;
});
afterAll(() => t.close());

let n = 0;
/** Invites an address as Anna would and takes the token out of the mailed link. */
async function invite(values: Record<string, unknown> = {}): Promise<{ email: string; token: string }> {
  const email = `invited-${++n}@example.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/administration/external_invites',
    headers: admin.headers,
    payload: {
      external_invite: {
        email,
        first_name: 'Jürgen',
        last_name: 'Weiß',
        subject: 'Willkommen',
        body: 'Komm dazu',
        user_type: 'normal',
        group_ids: [groupId],
        ...values,
      },
    },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().invited).toBe(1);
  await t.services.events.settled();
  await t.services.jobs.settled();
  const [mail] = await t.services.mailer.outbox(email);
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  return { email, token };
}

const info = (token: string) => t.app.inject({ url: `/invitations/${token}`, headers: { accept: 'application/json' } });
const accept = (token: string, user: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/invitations/${token}`, headers, payload: { user } });
const newMember = (values: Record<string, unknown> = {}) => ({
  first_name: 'Jürgen',
  last_name: 'Weiß',
  password: 'a-long-password',
  password_confirmation: 'a-long-password',
  ...values,
});

describe('GET /invitations/{token}', () => {
  it('shows the invitation, and 404 for an unknown token', async () => {
    const { email, token } = await invite();
    const response = await info(token);
    expect(response.statusCode).toBe(200);
    expect(response.json<InvitationInfo>()).toEqual({
      email,
      first_name: 'Jürgen',
      last_name: 'Weiß',
      network_name: 'Invited Network',
      groups: [{ id: groupId, name: 'Einkauf', slug: groupSlug }],
      user_type: 'normal',
      has_account: false,
      ask_for_profile_data: false,
      profile_fields: [],
    });
    expect((await info('not-a-token')).statusCode).toBe(404);
  });
});

describe('POST /invitations/{token}', () => {
  it('makes the member, joins the invited group, signs them in, and the link is spent', async () => {
    const { email, token } = await invite();
    const response = await accept(token, newMember({ first_name: 'Jörg' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'member', redirect_to: '/' });
    const headers = { cookie: sessionCookieFrom(response), accept: 'application/json' };
    await t.services.events.settled();
    const group = await t.app.inject({ url: `/api/v1/groups/${groupSlug}`, headers });
    expect(group.json().membership_status_of_current_member).toBe('member');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email, password: 'a-long-password' } },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().member.name).toBe('Jörg Weiß');
    expect((await info(token)).statusCode).toBe(404);
    expect((await accept(token, newMember())).statusCode).toBe(404);
  });

  it('checks the password rules, 403 while signed in, and makes guests of guest invitations', async () => {
    const { token } = await invite({ user_type: 'external' });
    const short = await accept(token, newMember({ password: 'short', password_confirmation: 'short' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['too_short'] });
    const mismatch = await accept(token, newMember({ password_confirmation: 'other-password' }));
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['confirmation_mismatch'] });
    const missing = await accept(token, { password: 'a-long-password' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['first_name', 'last_name']));
    expect((await accept(token, newMember(), admin.headers)).statusCode).toBe(403);
    const accepted = await accept(token, newMember());
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().session.member).toMatchObject({ name: 'Jürgen Weiß' });
    const membership = await t.services.members.find(networkId, accepted.json().session.member.id);
    expect(membership?.isExternal).toBe(true);
  });

  it('asks the owner of an existing account for its password instead of a new one', async () => {
    const other = await createNetwork(t.services, { host: 'other.example.test' });
    const { email, token } = await invite();
    await createMember(t.services, other.id, { email });
    expect((await info(token)).json().has_account).toBe(true);
    const wrong = await accept(token, newMember());
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['invalid_password'] });
    expect((await accept(token, newMember({ password: TEST_PASSWORD, password_confirmation: '' }))).statusCode).toBe(
      201,
    );
  });

  it('keeps the profile fields the network asks for', async () => {
    await storeNetworkSettings(t.database.db, networkId, {
      join_ask_for_profile_data: true,
      directory_profile_fields: ['position', 'phone'],
    });
    const { token } = await invite();
    expect((await info(token)).json()).toMatchObject({
      ask_for_profile_data: true,
      profile_fields: ['position', 'phone'],
    });
    const accepted = await accept(token, newMember({ profile: { position: 'Einkäuferin', room: 'B 12' } }));
    const membership = await t.services.members.find(networkId, accepted.json().session.member.id);
    expect(membership?.profile).toEqual({ position: 'Einkäuferin' });
    await storeNetworkSettings(t.database.db, networkId, {});
  });
});

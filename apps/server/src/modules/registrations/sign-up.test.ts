import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AltchaChallenge, SignUpSettings } from '@agora/contracts';
import {
  createMember,
  createNetwork,
  createTestApp,
  sessionCookieFrom,
  signedInMember,
  storeNetworkSettings,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Sign-up Network' })).id;
});
afterAll(() => t.close());

const open = { join_user_can_initiate: true, join_moderated: false, altcha_captcha: false };
let n = 0;
const person = (values: Record<string, unknown> = {}) => ({
  email: `new-person-${++n}@example.test`,
  first_name: 'Jörg',
  last_name: 'Müller',
  password: 'a-long-password',
  password_confirmation: 'a-long-password',
  ...values,
});
const signUp = (user: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/users', headers, payload: { user } });
const settings = async () =>
  (await t.app.inject({ url: '/users/sign_up', headers: { accept: 'application/json' } })).json<SignUpSettings>();

/** Solves a challenge of the server as the widget would, and encodes the payload like it. */
async function solvedAltcha(): Promise<string> {
  const response = await t.app.inject({ url: '/altcha/challenge', headers: { accept: 'application/json' } });
  expect(response.statusCode).toBe(200);
  const challenge = response.json<AltchaChallenge>();
  // What the widget does, synchronously: the number whose hash with the salt is the challenge.
  let number = 0;
  while (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') !== challenge.challenge) number++;
  const payload = { ...challenge, number };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe('signing up where the network does not allow it', () => {
  beforeEach(() => storeNetworkSettings(t.database.db, networkId, {}));

  it('says so, and answers 404 to the form and the challenge', async () => {
    expect(await settings()).toMatchObject({ allowed: false, network_name: 'Sign-up Network' });
    expect((await signUp(person())).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/altcha/challenge', headers: { accept: 'application/json' } })).statusCode).toBe(
      404,
    );
  });
});

describe('signing up without moderation', () => {
  beforeEach(() => storeNetworkSettings(t.database.db, networkId, open));

  it('makes the member at once and signs them in', async () => {
    const user = person();
    const response = await signUp(user);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: 'member', redirect_to: '/' });
    const session = await t.app.inject({
      url: '/api/v1/session',
      headers: { cookie: sessionCookieFrom(response), accept: 'application/json' },
    });
    expect(session.json().member).toMatchObject({ name: 'Jörg Müller' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email: user.email, password: user.password } },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a short password, a wrong confirmation and a member’s address, changing nothing', async () => {
    const short = await signUp(person({ password: 'short', password_confirmation: 'short' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['too_short'] });
    const mismatch = await signUp(person({ password_confirmation: 'another-password' }));
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['confirmation_mismatch'] });
    const { user } = await createMember(t.services, networkId);
    const taken = await signUp(person({ email: user.email, password: TEST_PASSWORD, password_confirmation: '' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['taken'] });
    const missing = await signUp({ email: 'x@example.test' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['first_name', 'password']));
  });

  it('lets the owner of an account elsewhere join with its password, and nobody else', async () => {
    const other = await createNetwork(t.services, { host: 'elsewhere.example.test' });
    const { user } = await createMember(t.services, other.id);
    const wrong = await signUp(person({ email: user.email }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ email: ['taken'] });
    const right = await signUp(person({ email: user.email, password: TEST_PASSWORD, password_confirmation: '' }));
    expect(right.statusCode).toBe(201);
  });

  it('refuses a signed-in member (403)', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    expect((await signUp(person(), session.headers)).statusCode).toBe(403);
  });

  it('makes guests where the network lets people join only as guests, with the profile asked for', async () => {
    await storeNetworkSettings(t.database.db, networkId, {
      ...open,
      join_as_external: true,
      join_ask_for_profile_data: true,
      directory_profile_fields: ['department', 'languages'],
    });
    expect(await settings()).toMatchObject({ as_external: true, profile_fields: ['department'] });
    const user = person({ profile: { department: 'Einkauf', phone: '123' } });
    expect((await signUp(user)).statusCode).toBe(201);
    const found = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email: user.email, password: user.password } },
    });
    const membership = await t.services.members.find(networkId, found.json().member.id);
    expect(membership).toMatchObject({ isExternal: true, profile: { department: 'Einkauf' } });
  });
});

describe('the onboarding after signing up', () => {
  it('follows where the profile asked for was left empty, or a required property was not asked', async () => {
    await storeNetworkSettings(t.database.db, networkId, {
      ...open,
      join_ask_for_profile_data: true,
      directory_profile_fields: ['department'],
    });
    const pendingOf = async (user: Record<string, unknown>) => {
      const response = await signUp(user);
      expect(response.statusCode, response.body).toBe(201);
      const session = await t.app.inject({
        url: '/api/v1/session',
        headers: { cookie: sessionCookieFrom(response), accept: 'application/json' },
      });
      return session.json().member.onboarding_pending as boolean;
    };
    expect(await pendingOf(person({ profile: { department: 'Einkauf' } }))).toBe(false);
    expect(await pendingOf(person({ profile: { department: ' ' } }))).toBe(true);

    const { session: admin } = await signedInMember(t.app, t.services, networkId, { admin: true });
    const properties = (list: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/property_sets/profile',
        headers: admin.headers,
        payload: { properties: list },
      });
    const required = await properties([
      { name: 'department', label: 'Department', type: 'text' },
      { name: 'badge', label: 'Badge number', type: 'text', required: true },
    ]);
    expect(required.statusCode, required.body).toBe(200);
    try {
      expect(await pendingOf(person({ profile: { department: 'Einkauf' } }))).toBe(true);
    } finally {
      expect((await properties([])).statusCode).toBe(200);
    }
  });
});

describe('the proof of work', () => {
  beforeEach(() => storeNetworkSettings(t.database.db, networkId, { ...open, altcha_captcha: true }));

  it('is required, and a solved challenge counts once', async () => {
    expect(await settings()).toMatchObject({ altcha: true });
    const missing = await signUp(person());
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ altcha: ['altcha_invalid'] });
    expect((await signUp(person({ altcha: 'bm90IGEgcGF5bG9hZA==' }))).statusCode).toBe(422);
    const altcha = await solvedAltcha();
    expect((await signUp(person({ altcha }))).statusCode).toBe(201);
    const replayed = await signUp(person({ altcha }));
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ altcha: ['altcha_invalid'] });
  });

  it('refuses a solution with a changed number', async () => {
    const altcha = await solvedAltcha();
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    expect((await signUp(person({ altcha: forged }))).statusCode).toBe(422);
  });
});

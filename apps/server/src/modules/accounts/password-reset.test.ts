import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createNetwork,
  createTestApp,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Reset Network' })).id;
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/users/password', payload: { user: { email } } });

const reset = (token: string, password: string, confirmation = password) =>
  t.app.inject({
    method: 'PUT',
    url: '/users/password',
    payload: { user: { reset_password_token: token, password, password_confirmation: confirmation } },
  });

const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { user: { email, password } } })).statusCode;

/** The outbox mails to an address, once the mail worker has handled what was queued. */
async function mailsTo(email: string, limit?: number) {
  await t.services.jobs.settled();
  return t.services.mailer.outbox(email, limit);
}

/** Asks for a reset and takes the token out of the link in the mail, as the member would. */
async function tokenMailedTo(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200);
  const [mail] = await mailsTo(email, 1);
  const link = mail!.text.match(/https?:\/\/\S+/)![0];
  const token = new URL(link).searchParams.get('reset_password_token');
  expect(token).toBeTruthy();
  return token!;
}

describe('POST /users/password', () => {
  it('answers a known and an unknown address alike', async () => {
    const { user } = await createMember(t.services, networkId);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-at-all@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: 'reset_instructions_sent' });
  });

  it('mails a reset link to a known address only', async () => {
    const { user } = await createMember(t.services, networkId);
    await requestReset(user.email);
    await requestReset('nobody-either@example.test');
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.networkId).toBe(networkId);
    expect(mails[0]!.subject).toBe('Reset your password');
    expect(mails[0]!.text).toContain('Reset Network');
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:3000\/users\/password\/edit\?reset_password_token=[\w%-]+/);
    expect(await mailsTo('nobody-either@example.test')).toHaveLength(0);
  });

  it('finds the account whatever the case of the address', async () => {
    const { user } = await createMember(t.services, networkId);
    await requestReset(`  ${user.email.toUpperCase()}  `);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('sends nothing to a locked member', async () => {
    const { user } = await createMember(t.services, networkId, { locked: true });
    expect((await requestReset(user.email)).json()).toEqual({ message: 'reset_instructions_sent' });
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('stays reachable while sign-ins for the address are refused', async () => {
    const { user } = await createMember(t.services, networkId);
    // Wrong passwords until the next sign-in is refused.
    let refused = false;
    for (let i = 0; i < 12 && !refused; i++) refused = (await signInStatus(user.email, `wrong-${i}`)) === 429;
    expect(refused).toBe(true);
    expect((await requestReset(user.email)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('sends at most five mails an hour to one address, then answers 429 with Retry-After', async () => {
    const { user } = await createMember(t.services, networkId);
    for (let i = 0; i < 5; i++) expect((await requestReset(user.email)).statusCode).toBe(200);
    const limited = await requestReset(` ${user.email.toUpperCase()}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toHaveLength(5);
    // Other addresses are not affected.
    const other = await createMember(t.services, networkId);
    expect((await requestReset(other.user.email)).statusCode).toBe(200);
  });

  it('answers 422 to an address that is not one', async () => {
    const response = await requestReset('not-an-address');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { email: ['invalid'] } });
  });
});

describe('PUT /users/password', () => {
  it('sets the new password: the old one fails, the new one signs in, old sessions end', async () => {
    const { user } = await createMember(t.services, networkId);
    const before = await signIn(t.app, user.email);
    expect((await t.app.inject({ url: '/api/v1/session', headers: before.headers })).statusCode).toBe(200);

    const token = await tokenMailedTo(user.email);
    const response = await reset(token, 'a-brand-new-password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'password_updated' });

    expect(await signInStatus(user.email, TEST_PASSWORD)).toBe(401);
    expect(await signInStatus(user.email, 'a-brand-new-password')).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/session', headers: before.headers })).statusCode).toBe(204);
  });

  it('accepts a token only once', async () => {
    const { user } = await createMember(t.services, networkId);
    const token = await tokenMailedTo(user.email);
    expect((await reset(token, 'first-new-password')).statusCode).toBe(200);
    const again = await reset(token, 'second-new-password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { reset_password_token: ['invalid_token'] } });
    expect(await signInStatus(user.email, 'second-new-password')).toBe(401);
    expect(await signInStatus(user.email, 'first-new-password')).toBe(200);
  });

  it('accepts only the newest token when a reset was asked for twice', async () => {
    const { user } = await createMember(t.services, networkId);
    const first = await tokenMailedTo(user.email);
    const second = await tokenMailedTo(user.email);
    expect(second).not.toBe(first);
    expect((await reset(first, 'another-new-password')).statusCode).toBe(422);
    expect((await reset(second, 'another-new-password')).statusCode).toBe(200);
  });

  it('answers 422 when the confirmation does not match, and changes nothing', async () => {
    const { user } = await createMember(t.services, networkId);
    const token = await tokenMailedTo(user.email);
    const response = await reset(token, 'a-brand-new-password', 'a-different-password');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { password_confirmation: ['confirmation_mismatch'] } });
    expect(await signInStatus(user.email, TEST_PASSWORD)).toBe(200);
    // The token was not spent on the refused attempt.
    expect((await reset(token, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('answers 422 to a password that is too short', async () => {
    const { user } = await createMember(t.services, networkId);
    const token = await tokenMailedTo(user.email);
    const response = await reset(token, 'short');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { password: ['too_short'] } });
    expect(await signInStatus(user.email, TEST_PASSWORD)).toBe(200);
  });

  it('answers 422 to a token that was never issued', async () => {
    const response = await reset('not-a-token-anyone-was-sent', 'a-brand-new-password');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { reset_password_token: ['invalid_token'] } });
  });
});

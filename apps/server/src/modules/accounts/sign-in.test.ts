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
  t = await createTestApp({ SIGN_IN_LIMIT_PER_ADDRESS: '5', SIGN_IN_LIMIT_PER_IP: '40' });
  networkId = (await createNetwork(t.services)).id;
});
afterAll(() => t.close());

const signInRequest = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/users/sign_in', headers, payload: { user: { email, password } } });

describe('POST /users/sign_in', () => {
  it('answers with the member, a CSRF token and an httpOnly, SameSite=Lax session cookie', async () => {
    const { user, membership } = await createMember(t.services, networkId, { firstName: 'Ada', lastName: 'Lovelace' });
    const response = await signInRequest(user.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.member).toMatchObject({
      id: membership.id,
      displayName: 'Ada Lovelace',
      path: `/members/${membership.id}`,
    });
    expect(body.csrf_token).toMatch(/^[\w-]{20,}$/);
    const cookie = response.cookies.find((c) => c.name === 'agora_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
  });

  it('accepts the address in any case and with surrounding spaces', async () => {
    const { user } = await createMember(t.services, networkId);
    const response = await signInRequest(`  ${user.email.toUpperCase()} `, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown address the same answer', async () => {
    const { user } = await createMember(t.services, networkId);
    const wrong = await signInRequest(user.email, 'not-the-password');
    const unknown = await signInRequest('nobody-here@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: 'invalid_credentials' });
    expect(wrong.cookies.find((c) => c.name === 'agora_session')).toBeUndefined();
  });

  it('turns a locked member away, and tells so only to who knows the password', async () => {
    const { user } = await createMember(t.services, networkId, { locked: true });
    expect((await signInRequest(user.email, TEST_PASSWORD)).json()).toEqual({ error: 'locked' });
    expect((await signInRequest(user.email, 'wrong-password')).json()).toEqual({ error: 'invalid_credentials' });
  });

  it('ends the sessions of a member who is locked afterwards', async () => {
    const { user, membership } = await createMember(t.services, networkId);
    const session = await signIn(t.app, user.email);
    expect((await t.app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode).toBe(200);
    await t.services.members.setLocked(networkId, membership.id, true);
    expect((await t.app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode).toBe(401);
  });

  it('answers 422 with field errors for missing fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { user: { email: '' } } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { email: ['required'], password: ['required'] } });
  });

  it('answers 4xx, not 500, to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('sets a Secure cookie when the request came over https', async () => {
    const secure = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const network = await createNetwork(secure.services);
      const { user } = await createMember(secure.services, network.id);
      const response = await secure.app.inject({
        method: 'POST',
        url: '/users/sign_in',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { user: { email: user.email, password: TEST_PASSWORD } },
      });
      expect(response.cookies.find((c) => c.name === 'agora_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('rate limiting', () => {
  it('limits attempts per address', async () => {
    const { user } = await createMember(t.services, networkId);
    const headers = { 'x-forwarded-for': '198.51.100.1' };
    for (let i = 0; i < 5; i++) expect((await signInRequest(user.email, 'wrong', headers)).statusCode).toBe(401);
    const limited = await signInRequest(user.email, TEST_PASSWORD, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await createMember(t.services, networkId);
    expect((await signInRequest(other.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits attempts per IP across addresses', async () => {
    const limited = await createTestApp({ SIGN_IN_LIMIT_PER_IP: '3' });
    try {
      await createNetwork(limited.services);
      const attempt = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/users/sign_in',
          payload: { user: { email: `x${i}@example.test`, password: 'x' } },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
      expect((await attempt(99)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('session and CSRF', () => {
  it('gives the current member and the CSRF token again after a reload', async () => {
    const { user, membership } = await createMember(t.services, networkId);
    const session = await signIn(t.app, user.email);
    const response = await t.app.inject({
      url: '/api/v1/session',
      headers: { cookie: session.cookie, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ member: { id: membership.id }, csrf_token: session.csrf, locale: 'en' });
  });

  it('refuses a mutation made with the session cookie but without the CSRF token', async () => {
    const { user } = await createMember(t.services, networkId);
    const session = await signIn(t.app, user.email);
    const without = await t.app.inject({
      method: 'DELETE',
      url: '/users/sign_out',
      headers: { cookie: session.cookie },
    });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ error: 'invalid_csrf_token' });
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/users/sign_out',
      headers: { cookie: session.cookie, 'x-csrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(403);
    // The session still works: nothing was changed.
    expect((await t.app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode).toBe(200);
  });

  it('signs out with the token, after which the cookie opens nothing', async () => {
    const { user } = await createMember(t.services, networkId);
    const session = await signIn(t.app, user.email);
    const out = await t.app.inject({ method: 'DELETE', url: '/users/sign_out', headers: session.headers });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'agora_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode).toBe(401);
  });

  it('ignores a forged cookie', async () => {
    const response = await t.app.inject({ url: '/api/v1/session', headers: { cookie: 'agora_session=forged.value' } });
    expect(response.statusCode).toBe(401);
  });
});

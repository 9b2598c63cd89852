import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
    expect((await t.app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode).toBe(204);
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
  afterEach(() => void vi.useRealTimers());

  /** A sign-in from a client at this address. */
  const attempt = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/users/sign_in', remoteAddress: ip, payload: { user: { email, password } } });
  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);
  /** The clock of the delays moves on; nothing else waits. */
  const wait = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('refuses an address tried too often from one IP, there only, until the window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user } = await createMember(t.services, networkId);
    for (let i = 0; i < 5; i++) expect((await attempt('198.51.100.1', user.email, 'wrong')).statusCode).toBe(401);
    const limited = await attempt('198.51.100.1', user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    // The pair waits for the window (15 minutes), not for the short delay of the address.
    expect(retryAfter(limited)).toBeGreaterThan(14 * 60);
    wait(31);
    expect((await attempt('198.51.100.1', user.email, TEST_PASSWORD)).statusCode).toBe(429);
    // The owner elsewhere signs in; another address from the same IP is not affected either.
    expect((await attempt('192.0.2.1', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const other = await createMember(t.services, networkId);
    expect((await attempt('198.51.100.1', other.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('slows down guessing one address from everywhere: 1 s, 2 s, 4 s ... at most 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user } = await createMember(t.services, networkId);
    const waits: number[] = [];
    let failures = 0;
    for (let i = 0; failures < 12; i++) {
      const response = await attempt(`203.0.113.${i}`, user.email, 'wrong');
      if (response.statusCode === 401) {
        failures++;
        continue;
      }
      expect(response.statusCode).toBe(429);
      waits.push(retryAfter(response));
      wait(retryAfter(response));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });

  it('never locks the owner out: an attacker elsewhere delays them at most 30 s, and the reset mail comes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user } = await createMember(t.services, networkId);
    // The owner signed in from home before.
    expect((await attempt('192.0.2.10', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The attacker hammers from one IP, then from many, waiting out every delay.
    let failures = 0;
    for (let i = 0; i < 50; i++)
      if ((await attempt('203.0.113.200', user.email, `guess-${i}`)).statusCode === 401) failures++;
    for (let i = 0; failures < 50; i++) {
      const response = await attempt(`198.18.0.${i}`, user.email, `guess-${i}`);
      if (response.statusCode === 401) failures++;
      else wait(retryAfter(response));
    }
    // From home the owner signs in at once; from a new place they wait at most the cap.
    expect((await attempt('192.0.2.10', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const phone = await attempt('198.51.100.77', user.email, TEST_PASSWORD);
    expect(phone.statusCode).toBe(429);
    expect(retryAfter(phone)).toBeLessThanOrEqual(30);
    wait(retryAfter(phone));
    expect((await attempt('198.51.100.77', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Asking for a new password still works, and the mail is sent.
    vi.useRealTimers();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/users/password',
      remoteAddress: '198.51.100.77',
      payload: { user: { email: user.email } },
    });
    expect(reset.statusCode).toBe(200);
    await t.services.jobs.settled();
    expect(await t.services.mailer.outbox(user.email)).toHaveLength(1);
  });

  it('forgets the failures of a pair once it signs in', async () => {
    const { user } = await createMember(t.services, networkId);
    for (let i = 0; i < 4; i++) expect((await attempt('198.51.100.2', user.email, 'wrong')).statusCode).toBe(401);
    expect((await attempt('198.51.100.2', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('198.51.100.2', user.email, 'wrong')).statusCode).toBe(401);
    expect((await attempt('198.51.100.2', user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('limits failed attempts per IP across addresses; sign-ins that succeed do not count', async () => {
    const limited = await createTestApp({ SIGN_IN_LIMIT_PER_IP: '3' });
    try {
      const network = await createNetwork(limited.services);
      const { user } = await createMember(limited.services, network.id);
      const attemptAt = (email: string, password = 'x') =>
        limited.app.inject({ method: 'POST', url: '/users/sign_in', payload: { user: { email, password } } });
      for (let i = 0; i < 5; i++) expect((await attemptAt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attemptAt(`x${i}@example.test`)).statusCode).toBe(401);
      const refused = await attemptAt('x99@example.test');
      expect(refused.statusCode).toBe(429);
      expect(retryAfter(refused)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('behind a proxy, keys the limits on the address the proxy saw, whatever the client adds to X-Forwarded-For', async () => {
    for (const TRUST_PROXY of ['1', 'true', '10.0.0.0/24']) {
      const proxied = await createTestApp({ TRUST_PROXY, SIGN_IN_LIMIT_PER_IP: '3' });
      try {
        await createNetwork(proxied.services);
        const send = (i: number, remoteAddress: string, forwardedFor: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/users/sign_in',
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor },
            payload: { user: { email: `guess${i}@example.test`, password: 'x' } },
          });
        // The proxy at 10.0.0.2 appends the client it saw (203.0.113.7) to what the client made up.
        const viaProxy = (i: number, madeUp: string) => send(i, '10.0.0.2', `${madeUp}, 203.0.113.7`);
        for (let i = 0; i < 3; i++) expect((await viaProxy(i, `192.0.2.${i}`)).statusCode, TRUST_PROXY).toBe(401);
        expect((await viaProxy(3, '192.0.2.99, 192.0.2.98')).statusCode, TRUST_PROXY).toBe(429);
        // Another client of the same proxy is not affected.
        expect((await send(4, '10.0.0.2', '203.0.113.8')).statusCode, TRUST_PROXY).toBe(401);
        // A client reaching the server directly from a public address is itself what is counted.
        for (let i = 0; i < 3; i++) expect((await send(10 + i, '198.51.100.50', `192.0.2.${i}`)).statusCode).toBe(401);
        expect((await send(20, '198.51.100.50', '192.0.2.200')).statusCode, TRUST_PROXY).toBe(429);
      } finally {
        await proxied.close();
      }
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
    expect((await t.app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode).toBe(204);
  });

  it('ignores a forged cookie', async () => {
    const response = await t.app.inject({ url: '/api/v1/session', headers: { cookie: 'agora_session=forged.value' } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('answers a visitor without a session 204 with no body, not an error', async () => {
    const response = await t.app.inject({ url: '/api/v1/session', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});

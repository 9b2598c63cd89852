import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
const network = () => ({ id: networkId, name: 'Tokens', language: 'en' });

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
});
afterAll(() => t.close());

const PATH = '/api/v1/users/authentication_token';
type Answer = { authentication_token: string | null };

describe('/api/v1/users/authentication_token', () => {
  it('answers 401 to anonymous requests', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: PATH, headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 403 to a change without the CSRF token', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const response = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { cookie: session.cookie, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('has none at first, makes one, renews it and removes it', async () => {
    const { session, membership } = await signedInMember(t.app, t.services, networkId);
    const call = (method: 'GET' | 'POST' | 'DELETE') => t.app.inject({ method, url: PATH, headers: session.headers });

    expect((await call('GET')).json()).toEqual({ authentication_token: null });

    const made = await call('POST');
    expect(made.statusCode).toBe(200);
    const first = made.json<Answer>().authentication_token!;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call('GET')).json()).toEqual({ authentication_token: first });
    expect((await t.services.accounts.actorForFeedToken(network(), first))?.membershipId).toBe(membership.id);

    const second = (await call('POST')).json<Answer>().authentication_token!;
    expect(second).not.toBe(first);
    // The old URLs stop working.
    expect(await t.services.accounts.actorForFeedToken(network(), first)).toBeNull();
    expect((await t.services.accounts.actorForFeedToken(network(), second))?.membershipId).toBe(membership.id);

    const removed = await call('DELETE');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ authentication_token: null });
    expect((await call('GET')).json()).toEqual({ authentication_token: null });
    expect(await t.services.accounts.actorForFeedToken(network(), second)).toBeNull();
  });
});

describe('accounts.actorForFeedToken', () => {
  it('answers the member the token belongs to, as a signed-in member would be', async () => {
    const { user, membership } = await createMember(t.services, networkId, { admin: true });
    const token = await t.services.accounts.renewAuthenticationToken(user.id);
    expect(await t.services.accounts.actorForFeedToken(network(), token)).toMatchObject({
      userId: user.id,
      membershipId: membership.id,
      networkId,
      isNetworkAdmin: true,
      isExternal: false,
    });
  });

  it('answers null for a wrong, empty or overlong token', async () => {
    const { user } = await createMember(t.services, networkId);
    const token = await t.services.accounts.renewAuthenticationToken(user.id);
    for (const wrong of ['', `${token}x`, token.slice(0, -1), 'x'.repeat(500), token.toUpperCase()]) {
      expect(await t.services.accounts.actorForFeedToken(network(), wrong)).toBeNull();
    }
  });

  it('answers null in another network, for a locked member and for a consumer', async () => {
    const other = await createNetwork(t.services, { host: 'tokens-other.test' });
    const { user } = await createMember(t.services, networkId);
    const token = await t.services.accounts.renewAuthenticationToken(user.id);
    expect(
      await t.services.accounts.actorForFeedToken({ id: other.id, name: 'Other', language: 'en' }, token),
    ).toBeNull();

    const locked = await createMember(t.services, networkId, { locked: true });
    const lockedToken = await t.services.accounts.renewAuthenticationToken(locked.user.id);
    expect(await t.services.accounts.actorForFeedToken(network(), lockedToken)).toBeNull();

    const consumer = await createMember(t.services, networkId, { consumer: true });
    const consumerToken = await t.services.accounts.renewAuthenticationToken(consumer.user.id);
    expect(await t.services.accounts.actorForFeedToken(network(), consumerToken)).toBeNull();
  });
});

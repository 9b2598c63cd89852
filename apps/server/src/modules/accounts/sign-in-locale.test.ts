import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../platform/events/tables.ts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  storeUserLocale,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;

beforeAll(async () => {
  t = await createTestApp();
  // The factory's networks speak English.
  networkId = (await createNetwork(t.services)).id;
});
afterAll(() => t.close());

const signIn = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/users/sign_in',
    headers: { accept: 'application/json' },
    payload: { user: { email, password: TEST_PASSWORD, ...extra } },
  });

const headersOf = (response: Awaited<ReturnType<typeof signIn>>) => {
  const cookie = response.cookies.find((c) => c.name === 'agora_session')!;
  return {
    cookie: `${cookie.name}=${cookie.value}`,
    accept: 'application/json',
    'x-csrf-token': response.json().csrf_token,
  };
};

const ownLocale = async (membershipId: string, headers: Record<string, string>) =>
  (await t.app.inject({ url: `/members/${membershipId}/locale_settings`, headers })).json().locale;

const localeEvents = (membershipId: string) =>
  t.database.db
    .select({ actorId: domainEvents.actorId, changes: domainEvents.changes })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'account.locale_changed'), eq(domainEvents.subjectId, membershipId)));

describe('POST /users/sign_in with the language chosen before signing in', () => {
  it("makes it the member's own language when they have none yet, and records that", async () => {
    const { user, membership } = await createMember(t.services, networkId);
    const response = await signIn(user.email, { locale: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json().locale).toBe('fr');

    const headers = headersOf(response);
    expect(await ownLocale(membership.id, headers)).toBe('fr');
    const session = await t.app.inject({ url: '/api/v1/session', headers });
    expect(session.json().locale).toBe('fr');
    expect(await localeEvents(membership.id)).toEqual([
      { actorId: membership.id, changes: { locale: 'fr', via: 'sign_in' } },
    ]);
  });

  it("leaves a member's own language as it is, and the answer speaks it", async () => {
    const { user, membership } = await createMember(t.services, networkId);
    await storeUserLocale(t.database.db, user.id, 'de');
    const response = await signIn(user.email, { locale: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json().locale).toBe('de');
    expect(await ownLocale(membership.id, headersOf(response))).toBe('de');
    expect(await localeEvents(membership.id)).toEqual([]);
  });

  it("stores nothing without a chosen language: the member follows the network's", async () => {
    const { user, membership } = await createMember(t.services, networkId);
    const response = await signIn(user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().locale).toBe('en');
    expect(await ownLocale(membership.id, headersOf(response))).toBeNull();
    expect(await localeEvents(membership.id)).toEqual([]);
  });

  it('answers 422 for a language we do not speak, opens no session and stores nothing', async () => {
    const { user, membership } = await createMember(t.services, networkId);
    for (const locale of ['it', 'EN', '', 42, null]) {
      const response = await signIn(user.email, { locale });
      expect(response.statusCode, JSON.stringify(locale)).toBe(422);
      expect(response.json()).toEqual({ errors: { locale: ['invalid'] } });
      expect(response.cookies.find((c) => c.name === 'agora_session')).toBeUndefined();
    }
    const later = await signIn(user.email);
    expect(await ownLocale(membership.id, headersOf(later))).toBeNull();
  });

  it('does not store a language for a wrong password', async () => {
    const { user, membership } = await createMember(t.services, networkId);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email: user.email, password: 'not-the-password', locale: 'es' } },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await ownLocale(membership.id, headersOf(await signIn(user.email)))).toBeNull();
  });
});

describe('PUT /members/:id/locale_settings', () => {
  it('records the change of language as an event', async () => {
    const { session, membership } = await signedInMember(t.app, t.services, networkId);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/members/${membership.id}/locale_settings`,
      payload: { locale_settings: { locale: 'es' } },
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await localeEvents(membership.id)).toEqual([
      { actorId: membership.id, changes: { locale: 'es', via: 'settings' } },
    ]);
  });
});

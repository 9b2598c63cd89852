import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let member: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  // The factory's networks speak English.
  networkId = (await createNetwork(t.services)).id;
  member = await signedInMember(t.app, t.services, networkId);
});
afterAll(() => t.close());

const path = (id: string) => `/members/${id}/locale_settings`;
const getSettings = (id: string, session: Session | null) =>
  t.app.inject({ url: path(id), headers: session ? session.headers : { accept: 'application/json' } });
const putSettings = (id: string, payload: unknown, session: Session | null) =>
  t.app.inject({
    method: 'PUT',
    url: path(id),
    payload: payload as Record<string, unknown>,
    headers: session ? session.headers : { accept: 'application/json' },
  });
const sessionLocale = async (session: Session) =>
  (await t.app.inject({ url: '/api/v1/session', headers: session.headers })).json().locale;

describe('GET /members/:id/locale_settings', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await getSettings(member.membership.id, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it("answers 403 for another member's settings", async () => {
    const { membership } = await createMember(t.services, networkId);
    const response = await getSettings(membership.id, member.session);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'forbidden' });
  });

  it('answers 404 for a member of another network, a locked one, an unknown id and no id at all', async () => {
    const other = await createNetwork(t.services, { host: 'other.test' });
    const { membership: foreign } = await createMember(t.services, other.id);
    const { membership: locked } = await createMember(t.services, networkId, { locked: true });
    for (const id of [foreign.id, locked.id, '0123456789abcdef01234567', 'not-an-id']) {
      const response = await getSettings(id, member.session);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it("shows a member without a language of their own the network's", async () => {
    const response = await getSettings(member.membership.id, member.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locale: null, network_language: 'en' });
  });
});

describe('PUT /members/:id/locale_settings', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await putSettings(member.membership.id, { locale_settings: { locale: 'fr' } }, null);
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 for a language we do not speak or a missing one, and changes nothing', async () => {
    const { session, membership } = await signedInMember(t.app, t.services, networkId);
    for (const [payload, errors] of [
      [{ locale_settings: { locale: 'it' } }, { locale: ['invalid'] }],
      [{ locale_settings: { locale: 'EN' } }, { locale: ['invalid'] }],
      [{ locale_settings: {} }, { locale: ['required'] }],
      [{}, { locale_settings: ['required'] }],
    ] as const) {
      const response = await putSettings(membership.id, payload, session);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ errors });
    }
    expect((await getSettings(membership.id, session)).json().locale).toBeNull();
  });

  it("answers 403 for another member's settings and leaves them alone", async () => {
    const other = await signedInMember(t.app, t.services, networkId);
    const response = await putSettings(other.membership.id, { locale_settings: { locale: 'es' } }, member.session);
    expect(response.statusCode).toBe(403);
    expect(await sessionLocale(other.session)).toBe('en');
  });

  it('answers 404 for a member of another network', async () => {
    const other = await createNetwork(t.services, { host: 'elsewhere.test' });
    const { membership } = await createMember(t.services, other.id);
    const response = await putSettings(membership.id, { locale_settings: { locale: 'es' } }, member.session);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a change without the CSRF token', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: path(member.membership.id),
      payload: { locale_settings: { locale: 'fr' } },
      headers: { cookie: member.session.cookie, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(403);
  });

  it("sets the member's language, which the session then speaks, and null goes back to the network's", async () => {
    const { session, membership } = await signedInMember(t.app, t.services, networkId);
    const set = await putSettings(membership.id, { locale_settings: { locale: 'de_DU' } }, session);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ locale: 'de_DU', network_language: 'en' });
    expect((await getSettings(membership.id, session)).json()).toEqual({ locale: 'de_DU', network_language: 'en' });
    expect(await sessionLocale(session)).toBe('de_DU');

    const cleared = await putSettings(membership.id, { locale_settings: { locale: null } }, session);
    expect(cleared.json()).toEqual({ locale: null, network_language: 'en' });
    expect(await sessionLocale(session)).toBe('en');
  });
});

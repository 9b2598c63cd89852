import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Translation, TranslationLanguages } from '@agora/contracts';
import type { createServices } from '../../app.ts';
import type { Actor } from '../policy/actor.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { startLibreTranslate } from '../../testing/libre-translate.ts';

type Services = ReturnType<typeof createServices>;

/** Notes of a test type: readable in their network only, unless marked secret. */
const notes = new Map<string, { networkId: string; subject: string; content: string; secret?: boolean }>();
const noteSource = async (actor: Actor, id: string) => {
  const note = notes.get(id);
  if (!note || note.networkId !== actor.networkId || note.secret) return null;
  return { subject: note.subject, content: note.content };
};

let service: Awaited<ReturnType<typeof startLibreTranslate>>;
let t: TestApp;
let bare: TestApp;
let networkId: string;
let member: Session;
let bareMember: Session;

const get = (app: TestApp, url: string, session?: Session) =>
  app.app.inject({ url, headers: session?.headers ?? { accept: 'application/json' } });

beforeAll(async () => {
  service = await startLibreTranslate({ apiKey: 'k' });
  // A small write budget, to see translations draw from it.
  t = await createTestApp({
    TRANSLATION_URL: service.url,
    TRANSLATION_API_KEY: 'k',
    WRITE_BURST: '6',
    WRITE_RATE: '0.01',
  });
  bare = await createTestApp();
  // A type of this test beside the modules' own: the calls look the types up on each request.
  for (const app of [t, bare]) (app.services as Services).modules.translatables.note = noteSource;
  networkId = (await createNetwork(t.services)).id;
  member = (await signedInMember(t.app, t.services, networkId)).session;
  const bareNetworkId = (await createNetwork(bare.services)).id;
  bareMember = (await signedInMember(bare.app, bare.services, bareNetworkId)).session;
  notes.set('n1', { networkId, subject: 'Hello <you>', content: '<p>Good <strong>morning</strong></p>' });
  notes.set('secret', { networkId, subject: 'Secret', content: '<p>x</p>', secret: true });
  notes.set('bare', { networkId: bareNetworkId, subject: 'Plain', content: '<p>y</p>' });
});

afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  await service?.close();
});

beforeEach(() => {
  service.requests.length = 0;
  service.setMode('answer');
});

describe('the translation calls', () => {
  it('ask for sign-in', async () => {
    expect((await get(t, '/translations/languages')).statusCode).toBe(401);
    expect((await get(t, '/translations/de/note/n1')).statusCode).toBe(401);
  });

  it('without a translation service offer no language, so any language asked for is unknown', async () => {
    const languages = await get(bare, '/translations/languages', bareMember);
    expect(languages.statusCode).toBe(200);
    expect(languages.json<TranslationLanguages>()).toEqual({ languages: [] });
    const translation = await get(bare, '/translations/de/note/bare', bareMember);
    expect(translation.statusCode).toBe(422);
    expect(translation.json()).toEqual({ errors: { lang: ['unknown_language'] } });
    expect((await get(bare, '/translations/de/unknown/bare', bareMember)).statusCode).toBe(404);
  });

  it("list the service's languages, asking it once", async () => {
    const first = await get(t, '/translations/languages', member);
    expect(first.statusCode).toBe(200);
    expect(first.json<TranslationLanguages>().languages).toContainEqual({ code: 'de', name: 'German' });
    await get(t, '/translations/languages', member);
    expect(service.requests.filter((r) => r.path === '/languages').length).toBeLessThanOrEqual(1);
  });

  it('answer 404 for an unknown type or an object the member cannot read, 422 for a language not offered', async () => {
    expect((await get(t, '/translations/de/unknown/n1', member)).statusCode).toBe(404);
    expect((await get(t, '/translations/de/constructor/n1', member)).statusCode).toBe(404);
    expect((await get(t, '/translations/de/note/secret', member)).statusCode).toBe(404);
    expect((await get(t, '/translations/de/note/missing', member)).statusCode).toBe(404);
    const other = (
      await signedInMember(
        t.app,
        t.services,
        (await createNetwork(t.services, { host: 'other.test' })).id,
        {},
        'other.test',
      )
    ).session;
    expect((await get(t, '/translations/de/note/n1', other)).statusCode).toBe(404);
    const unknown = await get(t, '/translations/xx/note/n1', member);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { lang: ['unknown_language'] } });
    expect(service.translations()).toEqual([]);
  });

  it('translate the rich text as HTML and the plain fields as text, then answer from what is kept until the source changes', async () => {
    const reader = (await signedInMember(t.app, t.services, networkId)).session;
    const response = await get(t, '/translations/de/note/n1', reader);
    expect(response.statusCode).toBe(200);
    expect(response.json<Translation>()).toEqual({
      language: 'de',
      type: 'note',
      id: 'n1',
      fields: { subject: '[de] Hello <you>', content: '<p>[de] Good <strong>[de] morning</strong></p>' },
    });
    expect(service.translations().map((r) => r.body?.format)).toEqual(['html', 'text']);

    // Asked again, by anyone of the network: nothing goes to the service.
    service.requests.length = 0;
    expect((await get(t, '/translations/de/note/n1', member)).json<Translation>()).toEqual(response.json());
    expect(service.translations()).toEqual([]);

    // Another language is a translation of its own; a changed source is translated anew.
    expect((await get(t, '/translations/fr/note/n1', reader)).json<Translation>().fields.subject).toBe(
      '[fr] Hello <you>',
    );
    expect(service.translations()).toHaveLength(2);
    notes.set('n1', { ...notes.get('n1')!, subject: 'Good evening' });
    expect((await get(t, '/translations/de/note/n1', reader)).json<Translation>().fields.subject).toBe(
      '[de] Good evening',
    );
    expect(service.translations()).toHaveLength(4);
    service.requests.length = 0;
    expect((await get(t, '/translations/de/note/n1', reader)).json<Translation>().fields.subject).toBe(
      '[de] Good evening',
    );
    expect(service.translations()).toEqual([]);
  });

  it('answer 503 translation_unavailable while the service fails, and still what is kept', async () => {
    notes.set('n2', { networkId, subject: 'Down', content: '<p>Down</p>' });
    const reader = (await signedInMember(t.app, t.services, networkId)).session;
    expect((await get(t, '/translations/es/note/n2', reader)).statusCode).toBe(200);
    service.setMode('fail');
    const failed = await get(t, '/translations/fr/note/n2', reader);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: 'translation_unavailable' });
    expect((await get(t, '/translations/es/note/n2', reader)).statusCode).toBe(200);
  });

  it("draw each new translation from the member's write budget", async () => {
    const reader = (await signedInMember(t.app, t.services, networkId)).session;
    for (let i = 0; i < 7; i++) notes.set(`budget-${i}`, { networkId, subject: `Text ${i}`, content: '' });
    for (let i = 0; i < 6; i++)
      expect((await get(t, `/translations/de/note/budget-${i}`, reader)).statusCode).toBe(200);
    // What is kept costs nothing.
    expect((await get(t, '/translations/de/note/budget-0', reader)).statusCode).toBe(200);
    const over = await get(t, '/translations/de/note/budget-6', reader);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('translate a direct message for its recipient and its author, and for nobody else', async () => {
    const author = await signedInMember(t.app, t.services, networkId);
    const recipient = await signedInMember(t.app, t.services, networkId);
    const stranger = await signedInMember(t.app, t.services, networkId);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: author.session.headers,
      payload: { to: [recipient.membership.id], subject: 'Hallo', content: '<p>Guten <em>Tag</em></p>' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json<{ id: string }>().id;
    const response = await get(t, `/translations/en/message/${id}`, recipient.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Translation>()).toEqual({
      language: 'en',
      type: 'message',
      id,
      fields: { subject: '[en] Hallo', content: '<p>[en] Guten <em>[en] Tag</em></p>' },
    });
    expect((await get(t, `/translations/en/message/${id}`, author.session)).statusCode).toBe(200);
    expect((await get(t, `/translations/en/message/${id}`, stranger.session)).statusCode).toBe(404);
    expect(service.translations()).toHaveLength(2);
  });

  it('document both calls in the API description', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/translations/languages', '/translations/{lang}/{type}/{id}']),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Imprint, LegalText, LegalTextSummary } from '@agora/contracts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { legalHandle } from './index.ts';

let t: TestApp;
let networkId: string;
let otherNetworkId: string;
const HOST = 'legal.test';
const OTHER_HOST = 'other-legal.test';

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await t.services.networks.create({ name: 'Legal Network', language: 'de', host: HOST })).id;
  otherNetworkId = (await t.services.networks.create({ name: 'Other', language: 'en', host: OTHER_HOST })).id;
});
afterAll(() => t.close());

/** An anonymous visitor's request, asking for JSON as the web app does. */
const get = (url: string, host = HOST, accept = 'application/json') => t.app.inject({ url, headers: { host, accept } });

describe('legalHandle', () => {
  it('keeps letters, digits and hyphens, lower-cased, with spaces as hyphens', () => {
    expect(legalHandle('Datenschutzerklärung')).toBe('datenschutzerklärung');
    expect(legalHandle('Terms of Use 2027')).toBe('terms-of-use-2027');
    expect(legalHandle('  A/B & C.D  ')).toBe('ab-cd');
    expect(legalHandle('Cookie-Richtlinie')).toBe('cookie-richtlinie');
    expect(legalHandle('?!')).toBe('');
  });
});

describe('GET /imprint', () => {
  it('answers an anonymous visitor with the imprint of the network of the host, sanitized', async () => {
    await t.services.legal.saveImprint(networkId, {
      content: '<h2>Impressum</h2><p onclick="x()">Acme <script>alert(1)</script>GmbH</p>',
      mailImprint: '  Acme GmbH · Berlin  ',
      showNewsletterInfo: true,
    });
    const response = await get('/imprint');
    expect(response.statusCode).toBe(200);
    expect(response.json<Imprint>()).toEqual({
      imprint_attributes: { content: '<h2>Impressum</h2><p>Acme GmbH</p>' },
      mail_imprint: 'Acme GmbH · Berlin',
      show_newsletter_info: true,
    });
    expect(await t.services.legal.mailImprint(networkId)).toBe('Acme GmbH · Berlin');
  });

  it('replaces the imprint when it is saved again', async () => {
    await t.services.legal.saveImprint(networkId, { content: '<p>Neu</p>', mailImprint: 'Neu GmbH' });
    expect((await get('/imprint')).json<Imprint>()).toEqual({
      imprint_attributes: { content: '<p>Neu</p>' },
      mail_imprint: 'Neu GmbH',
      show_newsletter_info: false,
    });
  });

  it('answers an empty imprint for a network that has none yet', async () => {
    expect((await get('/imprint', OTHER_HOST)).json<Imprint>()).toEqual({
      imprint_attributes: { content: '' },
      mail_imprint: '',
      show_newsletter_info: false,
    });
    expect(await t.services.legal.mailImprint(otherNetworkId)).toBe('');
  });

  it('gives the web app to a browser asking for the page, JSON to .json', async () => {
    const page = await get('/imprint', HOST, 'text/html,application/xhtml+xml');
    // No web app is built in tests: the page route answers with the hint to build it.
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const json = await get('/imprint.json', HOST, 'text/html');
    expect(json.statusCode).toBe(200);
    expect(json.json<Imprint>().mail_imprint).toBe('Neu GmbH');
  });
});

describe('legal texts', () => {
  let privacyId: string;

  beforeAll(async () => {
    const privacy = await t.services.legal.create(networkId, {
      name: 'Datenschutzerklärung',
      handle: 'datenschutz',
      statement: 'Wie wir mit Ihren Daten umgehen.',
      text: '<h2>Verantwortlicher</h2><p>Acme <a href="javascript:alert(1)">GmbH</a></p><img src=x onerror=alert(1)>',
    });
    privacyId = privacy.id;
    await t.services.legal.create(networkId, {
      name: 'Nutzungsbedingungen',
      statement: 'Die Regeln.',
      text: '<p>Seien Sie nett.</p>',
      readOnly: true,
    });
    await t.services.legal.create(otherNetworkId, {
      name: 'Privacy',
      handle: 'datenschutz',
      statement: 'Elsewhere.',
      text: '<p>Other network.</p>',
    });
  });

  it('GET /legal lists the network’s texts by name', async () => {
    const response = await get('/legal');
    expect(response.statusCode).toBe(200);
    const { legal_texts } = response.json<{ legal_texts: LegalTextSummary[] }>();
    expect(legal_texts.map((l) => [l.name, l.handle])).toEqual([
      ['Datenschutzerklärung', 'datenschutz'],
      ['Nutzungsbedingungen', 'nutzungsbedingungen'],
    ]);
    expect(legal_texts[0]).toEqual({
      id: privacyId,
      name: 'Datenschutzerklärung',
      handle: 'datenschutz',
      statement: 'Wie wir mit Ihren Daten umgehen.',
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('GET /legal/:handle answers the text, sanitized, with its versions', async () => {
    const response = await get('/legal/datenschutz');
    expect(response.statusCode).toBe(200);
    const text = response.json<LegalText>();
    expect(text).toMatchObject({ id: privacyId, name: 'Datenschutzerklärung', read_only: false });
    expect(text.text).toBe('<h2>Verantwortlicher</h2><p>Acme <a>GmbH</a></p>');
    expect(text.versions).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        created_at: expect.any(String),
        html_text: '<h2>Verantwortlicher</h2><p>Acme <a>GmbH</a></p>',
        requires_acceptance: false,
      },
    ]);
  });

  it('GET /legal/:handle answers each network its own text, and 404 to a handle it does not have', async () => {
    expect((await get('/legal/datenschutz', OTHER_HOST)).json<LegalText>().text).toBe('<p>Other network.</p>');
    expect((await get('/legal/nutzungsbedingungen', OTHER_HOST)).statusCode).toBe(404);
    const unknown = await get('/legal/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found' });
  });

  it('gives the web app to a browser asking for the page, JSON to .json', async () => {
    expect((await get('/legal/datenschutz', HOST, 'text/html')).statusCode).toBe(503);
    expect((await get('/legal', HOST, 'text/html')).statusCode).toBe(503);
    const json = await get('/legal/datenschutz.json', HOST, 'text/html');
    expect(json.statusCode).toBe(200);
    expect(json.json<LegalText>().handle).toBe('datenschutz');
  });

  it('keeps every save as a version, the newest first', async () => {
    await t.services.legal.update(networkId, privacyId, { text: '<p>Fassung 2</p>', statement: 'Neu.' });
    await t.services.legal.update(networkId, privacyId, { name: 'Datenschutz' });
    const text = (await get('/legal/datenschutz')).json<LegalText>();
    expect(text).toMatchObject({ name: 'Datenschutz', statement: 'Neu.', text: '<p>Fassung 2</p>' });
    expect(text.versions.map((v) => v.html_text)).toEqual([
      '<p>Fassung 2</p>',
      '<p>Fassung 2</p>',
      '<h2>Verantwortlicher</h2><p>Acme <a>GmbH</a></p>',
    ]);
  });

  it('refuses a handle in use, an invalid one and missing fields with 422, and writes nothing', async () => {
    const refused = async (input: Parameters<typeof t.services.legal.create>[1]) => {
      const error = await t.services.legal.create(networkId, input).then(
        () => null,
        (e: { statusCode: number; body: unknown }) => e,
      );
      expect(error?.statusCode).toBe(422);
      return error!.body;
    };
    expect(await refused({ name: 'Datenschutz', handle: 'datenschutz', statement: 's', text: '<p>x</p>' })).toEqual({
      errors: { handle: ['taken'] },
    });
    expect(await refused({ name: 'X', handle: 'Not Valid!', statement: 's', text: '<p>x</p>' })).toEqual({
      errors: { handle: ['invalid'] },
    });
    expect(await refused({ name: ' ', statement: '', text: '<script>only</script>' })).toEqual({
      errors: { name: ['required'], statement: ['required'], text: ['required'], handle: ['required'] },
    });
    const { legal_texts } = (await get('/legal')).json<{ legal_texts: LegalTextSummary[] }>();
    expect(legal_texts).toHaveLength(2);
  });

  it('refuses to change a read-only text (403) and one of another network (404)', async () => {
    const { legal_texts } = (await get('/legal')).json<{ legal_texts: LegalTextSummary[] }>();
    const terms = legal_texts.find((l) => l.handle === 'nutzungsbedingungen')!;
    await expect(t.services.legal.update(networkId, terms.id, { text: '<p>x</p>' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(t.services.legal.update(otherNetworkId, privacyId, { text: '<p>x</p>' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

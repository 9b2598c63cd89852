import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Imprint, LegalText, LegalTextSummary } from '@agora/contracts';
import { createTestApp, type TestApp } from '../testing/index.ts';
import { seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

/** What an anonymous visitor of the demo network gets. */
const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: { accept: 'application/json' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo network’s legal pages', () => {
  it('has an imprint and a short mail imprint', async () => {
    const imprint = await get<Imprint>('/imprint');
    expect(imprint.imprint_attributes.content).toContain('<strong>Acme Demo GmbH</strong>');
    expect(imprint.imprint_attributes.content).toContain('Registernummer: HRB 123456 B');
    expect(imprint.mail_imprint).toBe(
      'Acme Demo GmbH · Musterstraße 1 · 10115 Berlin\nAmtsgericht Berlin-Charlottenburg, HRB 123456 B · Geschäftsführerin: Anna Adler',
    );
  });

  it('has a privacy policy and terms of use', async () => {
    const { legal_texts } = await get<{ legal_texts: LegalTextSummary[] }>('/legal');
    expect(legal_texts.map((l) => l.handle)).toEqual(['datenschutz', 'nutzungsbedingungen']);
    const privacy = await get<LegalText>('/legal/datenschutz');
    expect(privacy.name).toBe('Datenschutzerklärung');
    expect(privacy.text).toContain('<h2>6. Ihre Rechte</h2>');
    expect(privacy.text).toContain('<a href="mailto:datenschutz@example.com">');
    expect(privacy.versions).toHaveLength(1);
    const terms = await get<LegalText>('/legal/nutzungsbedingungen');
    expect(terms.text).toContain('<h2>2. Umgang miteinander</h2>');
  });
});

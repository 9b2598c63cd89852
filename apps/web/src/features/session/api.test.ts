import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentCsrfToken } from '../../app/api-client.ts';
import { i18n } from '../../i18n/index.ts';
import { stubFetch } from '../../testing/render.tsx';
import { sessionQuery } from './api.ts';

const member = { id: 'a'.repeat(24), displayName: 'Max Meier' };

describe('sessionQuery', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('answers null for a visitor without a session (204), without an error', async () => {
    stubFetch({ 'GET /api/v1/session': { status: 204 } });
    const session = await new QueryClient().fetchQuery(sessionQuery);
    expect(session).toBeNull();
    expect(currentCsrfToken()).toBeNull();
    expect(i18n.language).toBe('en');
  });

  it("speaks the member's language before any page sees the session, whichever layout asks", async () => {
    stubFetch({ 'GET /api/v1/session': { status: 200, body: { member, csrf_token: 'csrf', locale: 'de' } } });
    const session = await new QueryClient().fetchQuery(sessionQuery);
    expect(session?.locale).toBe('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('common:language')).toBe('Sprache');
    expect(currentCsrfToken()).toBe('csrf');
  });

  it('keeps the language as it is when the session names none we speak', async () => {
    stubFetch({ 'GET /api/v1/session': { status: 200, body: { member, csrf_token: 'csrf', locale: 'it' } } });
    await new QueryClient().fetchQuery(sessionQuery);
    expect(i18n.language).toBe('en');
  });
});

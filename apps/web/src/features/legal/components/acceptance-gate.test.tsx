import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingLegalText } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { isAcceptanceExempt, LegalAcceptanceGate } from './acceptance-gate.tsx';

const memberId = 'a'.repeat(24);
const SESSION = { status: 200, body: { member: { id: memberId }, csrf_token: 'csrf', locale: 'de' } };
const PRIVACY: PendingLegalText = {
  id: 'b'.repeat(24),
  name: 'Datenschutzerklärung',
  handle: 'datenschutz',
  statement: 'Wie wir Ihre Daten verarbeiten.',
  version_id: 'c'.repeat(24),
};
const PENDING = 'GET /api/v1/legal_texts/pending';

function render(pending: { status: number; body?: unknown }, path = '/calendars') {
  const calls = stubFetch({ 'GET /api/v1/session': SESSION, [PENDING]: pending });
  const view = renderUi(
    <LegalAcceptanceGate>
      <p>Die Seite</p>
    </LegalAcceptanceGate>,
    { path },
  );
  return { ...view, calls };
}

describe('the legal acceptance gate', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('shows the page when nothing is to be accepted', async () => {
    render({ status: 200, body: { legal_texts: [] } });
    expect(await screen.findByText('Die Seite')).toBeTruthy();
  });

  it('asks first, with the statement and a link to the text, and goes on once accepted', async () => {
    render({ status: 200, body: { legal_texts: [PRIVACY] } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bitte stimmen Sie den geänderten Bedingungen zu' }),
    ).toBeTruthy();
    expect(screen.getByText('Wie wir Ihre Daten verarbeiten.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung lesen' }).getAttribute('href')).toBe(
      '/legal/datenschutz',
    );
    expect(screen.queryByText('Die Seite')).toBeNull();
    expect(await axeViolations()).toEqual([]);

    stubFetch({
      'GET /api/v1/session': SESSION,
      [PENDING]: { status: 200, body: { legal_texts: [] } },
      [`POST /api/v1/legal_texts/${PRIVACY.id}/accept`]: { status: 204 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ich stimme zu' }));
    expect(await screen.findByText('Die Seite')).toBeTruthy();
    expect(screen.getByText('Zugestimmt: Datenschutzerklärung')).toBeTruthy();
  });

  it('says so when the text changed meanwhile, and asks for the current version', async () => {
    render({ status: 200, body: { legal_texts: [PRIVACY] } });
    await screen.findByRole('button', { name: 'Ich stimme zu' });
    const calls = stubFetch({
      'GET /api/v1/session': SESSION,
      [PENDING]: { status: 200, body: { legal_texts: [{ ...PRIVACY, version_id: 'd'.repeat(24) }] } },
      [`POST /api/v1/legal_texts/${PRIVACY.id}/accept`]: {
        status: 422,
        body: { errors: { version_id: ['outdated'] } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ich stimme zu' }));
    expect(await screen.findByText('Der Text wurde inzwischen geändert. Bitte lesen Sie ihn erneut.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version_id: PRIVACY.version_id });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/legal_texts/pending')).toHaveLength(1));
  });

  it('lets the legal texts and the imprint be read first', async () => {
    expect(['/legal', '/legal/datenschutz', '/imprint'].every(isAcceptanceExempt)).toBe(true);
    expect(['/', '/calendars', '/legalese', '/administration/legal_texts'].some(isAcceptanceExempt)).toBe(false);
    render({ status: 200, body: { legal_texts: [PRIVACY] } }, '/legal/datenschutz');
    expect(await screen.findByText('Die Seite')).toBeTruthy();
  });

  it('goes on when the question cannot be asked', async () => {
    render({ status: 500, body: { error: 'internal' } });
    expect(await screen.findByText('Die Seite')).toBeTruthy();
  });
});

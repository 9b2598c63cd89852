import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LegalTextAdmin, LegalTextAdminSummary } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { LegalTextEditPage } from './legal-text-edit-page.tsx';
import { LegalTextNewPage } from './legal-text-new-page.tsx';
import { LegalTextVersionsPage } from './legal-text-versions-page.tsx';
import { LegalTextsAdminPage } from './legal-texts-admin-page.tsx';

const summary = (id: string, name: string, handle: string, readOnly = false): LegalTextAdminSummary => ({
  id: id.repeat(24),
  name,
  handle,
  statement: 'Bitte lesen.',
  updated_at: '2026-11-03T10:00:00Z',
  read_only: readOnly,
  can: { update: !readOnly, destroy: !readOnly },
});
const PRIVACY = summary('a', 'Datenschutzerklärung', 'datenschutz');
const TERMS = summary('b', 'AGB', 'agb', true);
const LIST = 'GET /administration/legal_texts';

/** A page that reads the text's id from its route. */
const at = (pattern: string, element: ReactElement) => (
  <Routes>
    <Route path={pattern} element={element} />
  </Routes>
);

const full = (text: LegalTextAdminSummary): LegalTextAdmin => ({
  ...text,
  text: '<p>Zweite Fassung</p>',
  versions: [
    {
      id: 'c'.repeat(24),
      created_at: '2026-11-03T10:00:00Z',
      html_text: '<p>Zweite Fassung</p>',
      requires_acceptance: true,
    },
    {
      id: 'd'.repeat(24),
      created_at: '2026-11-01T09:30:00Z',
      html_text: '<p>Erste Fassung</p>',
      requires_acceptance: false,
    },
  ],
});

describe('the legal texts administration', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists the texts with links to read, edit and see their versions', async () => {
    stubFetch({ [LIST]: { status: 200, body: { legal_texts: [PRIVACY, TERMS] } } });
    renderUi(<LegalTextsAdminPage />, { path: '/administration/legal_texts' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Datenschutzerklärung');
    const rows = within(table).getAllByRole('row');
    // On a phone the handle and the date stand under the name (the media queries are the browser's).
    expect(rows.map((r) => r.textContent)).toEqual([
      'NameKennungZuletzt geändertAktionen',
      'DatenschutzerklärungdatenschutzZuletzt geändert am 03.11.2026datenschutz03.11.2026',
      'AGBagbZuletzt geändert am 03.11.2026agb03.11.2026',
    ]);
    const links = within(table).getAllByRole('link', { name: 'datenschutz' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/legal/datenschutz', '/legal/datenschutz']);
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung bearbeiten' }).getAttribute('href')).toBe(
      `/administration/legal_texts/${PRIVACY.id}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Versionen von AGB' })).toBeTruthy();
    // A read-only text is neither edited nor deleted.
    expect(screen.queryByRole('link', { name: 'AGB bearbeiten' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'AGB löschen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Neuer rechtlicher Text' }).getAttribute('href')).toBe(
      '/administration/legal_texts/new',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('says no entries when the network has no text', async () => {
    stubFetch({ [LIST]: { status: 200, body: { legal_texts: [] } } });
    renderUi(<LegalTextsAdminPage />, { path: '/administration/legal_texts' });
    expect(await screen.findByText('Keine Einträge')).toBeTruthy();
  });

  it('deletes a text after asking, with a success toast', async () => {
    const calls = stubFetch({
      [LIST]: { status: 200, body: { legal_texts: [PRIVACY] } },
      [`DELETE /administration/legal_texts/${PRIVACY.id}`]: { status: 204 },
    });
    renderUi(<LegalTextsAdminPage />, { path: '/administration/legal_texts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Datenschutzerklärung löschen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/„Datenschutzerklärung“ mit allen Versionen löschen/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Erfolgreich gelöscht.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('creates a text with the handle taken from the name, and marks a handle that is taken', async () => {
    const calls = stubFetch({
      'POST /administration/legal_texts': { status: 422, body: { errors: { handle: ['taken'] } } },
    });
    renderUi(<LegalTextNewPage />, { path: '/administration/legal_texts/new' });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Cookie Richtlinie 2!' },
    });
    const handle = screen.getByRole('textbox', { name: /^Kennung/ }) as HTMLInputElement;
    expect(handle.value).toBe('cookie-richtlinie-2');
    fireEvent.change(screen.getByRole('textbox', { name: /^Erklärung/ }), { target: { value: 'Über Cookies.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Mitglieder müssen dieser Version zustimmen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ein anderer rechtlicher Text hat diese Kennung schon.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      legal_text: {
        name: 'Cookie Richtlinie 2!',
        handle: 'cookie-richtlinie-2',
        statement: 'Über Cookies.',
        text: '',
        requires_acceptance: true,
      },
    });
    // A handle typed by hand is kept to what a handle may hold.
    fireEvent.change(handle, { target: { value: 'Meine Cookies?' } });
    expect(handle.value).toBe('meine-cookies');
  });

  it('edits a text with its handle fixed, and shows a read-only text without a save button', async () => {
    const calls = stubFetch({
      [`GET /administration/legal_texts/${PRIVACY.id}`]: { status: 200, body: full(PRIVACY) },
      [`PUT /administration/legal_texts/${PRIVACY.id}`]: { status: 200, body: full(PRIVACY) },
    });
    const view = renderUi(at('/administration/legal_texts/:legalTextId/edit', <LegalTextEditPage />), {
      path: `/administration/legal_texts/${PRIVACY.id}/edit`,
    });
    const handle = (await screen.findByRole('textbox', { name: /^Kennung/ })) as HTMLInputElement;
    expect(handle.value).toBe('datenschutz');
    expect(handle.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Datenschutz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      legal_text: {
        name: 'Datenschutz',
        statement: 'Bitte lesen.',
        text: '<p>Zweite Fassung</p>',
        requires_acceptance: false,
      },
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/administration/legal_texts'));
    view.unmount();

    stubFetch({ [`GET /administration/legal_texts/${TERMS.id}`]: { status: 200, body: full(TERMS) } });
    renderUi(at('/administration/legal_texts/:legalTextId/edit', <LegalTextEditPage />), {
      path: `/administration/legal_texts/${TERMS.id}/edit`,
    });
    expect(
      await screen.findByText('Dieser rechtliche Text ist schreibgeschützt und kann nicht bearbeitet werden.'),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('the versions of a legal text', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows every version, the current one first and open', async () => {
    stubFetch({ [`GET /administration/legal_texts/${PRIVACY.id}`]: { status: 200, body: full(PRIVACY) } });
    renderUi(at('/administration/legal_texts/:legalTextId', <LegalTextVersionsPage />), {
      path: `/administration/legal_texts/${PRIVACY.id}`,
    });
    expect(await screen.findByRole('heading', { name: 'Versionen von Datenschutzerklärung' })).toBeTruthy();
    const controls = screen.getAllByRole('button', { name: /Gespeichert am/ });
    expect(controls.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Gespeichert am 03\.11\.2026 \d\d:00AktuellZustimmung nötig$/),
      expect.stringMatching(/^Gespeichert am 01\.11\.2026 \d\d:30$/),
    ]);
    expect(controls[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Zweite Fassung')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});

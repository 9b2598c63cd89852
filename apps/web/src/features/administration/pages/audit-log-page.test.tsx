import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditLogEntry, AuditLogPage } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { AuditLogPage as Page } from './audit-log-page.tsx';

const ANNA = {
  id: 'a'.repeat(24),
  displayName: 'Anna Admin',
  images: { small: null },
  is_external: false,
  path: `/members/${'a'.repeat(24)}`,
};
const MAX = { ...ANNA, id: 'b'.repeat(24), displayName: 'Max Mitglied', path: `/members/${'b'.repeat(24)}` };

const DESIGN: AuditLogEntry = {
  id: '1'.repeat(24),
  created_at: '2026-11-20T09:05:00Z',
  event_type: 'PolicySettingUpdate',
  actor_id: ANNA.id,
  actor: ANNA,
  membership_id: null,
  membership: null,
  subject: { type: 'design', id: 'n'.repeat(24), title: 'Agora', exists: true, path: '/administration/designs' },
  details: { area: 'design', changes: [{ key: 'fullWidth', old: false, new: true }] },
};
const FILE: AuditLogEntry = {
  id: '2'.repeat(24),
  created_at: '2026-11-19T16:30:00Z',
  event_type: 'FileDestroy',
  actor_id: 'c'.repeat(24),
  actor: null,
  membership_id: MAX.id,
  membership: MAX,
  subject: { type: 'upload', id: 'f'.repeat(24), title: 'protokoll.pdf', exists: false, path: null },
  details: { directory: 'files', size: 2048 },
};

const page = (entries: AuditLogEntry[], extra: Partial<AuditLogPage> = {}): AuditLogPage => ({
  entries,
  total: entries.length,
  page: 1,
  per: 25,
  filter_members: [],
  ...extra,
});

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
function listPath(filter?: object) {
  const params = new URLSearchParams({ time_zone: zone() });
  if (filter) params.set('filter', JSON.stringify(filter));
  return `GET /administration/audit_log.json?${params}`;
}

describe('the audit log page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('lists the entries newest first, with who, what and the details', async () => {
    stubFetch({ [listPath()]: { status: 200, body: page([DESIGN, FILE]) } });
    renderUi(<Page />, { path: '/administration/audit_log' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Anna Admin');
    expect(rows[0]!.textContent).toContain('Einstellung geändert');
    expect(rows[0]!.textContent).toContain('von nein auf ja');
    expect(within(rows[0]!).getByRole('link', { name: 'Agora' }).getAttribute('href')).toBe('/administration/designs');
    expect(rows[1]!.textContent).toContain('Gelöschtes Mitglied');
    expect(rows[1]!.textContent).toContain('Datei gelöscht');
    expect(rows[1]!.textContent).toContain('protokoll.pdf');
    expect(rows[1]!.textContent).toContain('Max Mitglied');
    expect(within(rows[1]!).queryByRole('link', { name: 'protokoll.pdf' })).toBeNull();
    expect(rows[1]!.textContent).toContain('existiert nicht mehr');
    expect(rows[0]!.textContent).toMatch(/\d{2}\.\d{2}\.2026 \d{2}:\d{2}/);
    expect(screen.queryByRole('link', { name: 'Filter zurücksetzen' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('reads a bookmarked filter from the address, names its member, and resets it', async () => {
    const filter = { event_types: ['FileDestroy'], membership_id: MAX.id };
    const calls = stubFetch({
      [listPath(filter)]: { status: 200, body: page([FILE], { filter_members: [MAX] }) },
      [listPath()]: { status: 200, body: page([DESIGN, FILE]) },
    });
    const { router } = renderUi(<Page />, {
      path: `/administration/audit_log?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    });
    expect(await screen.findByText('protokoll.pdf')).toBeTruthy();
    expect(screen.getByText('1 Eintrag')).toBeTruthy();
    expect(screen.getAllByText('Max Mitglied').length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('link', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('2 Einträge')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([listPath(filter).slice(4), listPath().slice(4)]);
  });

  it('puts a changed period into the address and reloads the list only', async () => {
    const calls = stubFetch({
      [listPath()]: { status: 200, body: page([DESIGN, FILE]) },
      [listPath({ date_option: 'today' })]: { status: 200, body: page([DESIGN]) },
    });
    const { router } = renderUi(<Page />, { path: '/administration/audit_log' });
    await screen.findByText('2 Einträge');
    fireEvent.click(screen.getByRole('textbox', { name: 'Zeitraum' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Heute' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('filter')).toBe('{"date_option":"today"}'),
    );
    expect(await screen.findByText('1 Eintrag')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Filter zurücksetzen' })).toBeTruthy();
  });

  it('says so when nothing matches, and when the filter in the address is broken', async () => {
    stubFetch({ [listPath({ date_option: 'today' })]: { status: 200, body: page([]) } });
    const view = renderUi(<Page />, {
      path: `/administration/audit_log?filter=${encodeURIComponent('{"date_option":"today"}')}`,
    });
    expect(await screen.findByText('Keine Einträge passen zum Filter')).toBeTruthy();
    view.unmount();

    const calls = stubFetch({});
    renderUi(<Page />, { path: '/administration/audit_log?filter=%7Bbroken' });
    expect(await screen.findByText('Der Filter in der Adresse kann nicht gelesen werden.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

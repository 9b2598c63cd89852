import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts } from '../../../ui/testing.tsx';
import { calendar, context, renderPages } from '../testing.tsx';
import { ManagePage } from './manage-page.tsx';

const routes = [
  { path: '/calendars/manage', element: <ManagePage /> },
  { path: '/groups/:groupSlug/calendars/manage', element: <ManagePage /> },
];

const editable = calendar(1, { name: 'Netzwerk', can: { update: true, destroy: false, create_appointments: true } });
const group = calendar(2, {
  name: 'Vorstand',
  type: 'group',
  category_name: 'Gremien',
  group: { id: 'c'.repeat(24), slug: 'vorstand', name: 'Vorstand' },
  can: { update: true, destroy: true, create_appointments: true },
});
const own = calendar(3, {
  name: 'Privat',
  type: 'personal',
  memberships: [{ id: 'd'.repeat(24), name: 'Max Meier', path: '/members/d' }],
  can: { update: true, destroy: true, create_appointments: true },
});
const shared = calendar(4, {
  name: 'Urlaub Anna',
  type: 'shared',
  author: { id: 'e'.repeat(24), name: 'Anna Adler', path: '/members/e' },
});

describe('calendar management', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists the calendars by section with the actions their flags allow', async () => {
    stubFetch({
      'GET /calendars': { status: 200, body: { calendars: [editable, group, own, shared] } },
      'GET /api/v1/calendars/context': { status: 200, body: context({ network: { create_calendars: true } }) },
    });
    renderPages(routes, '/calendars/manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kalender verwalten' })).toBeTruthy();
    await screen.findByText('Urlaub Anna');
    await screen.findByRole('link', { name: 'Neuer Netzwerkkalender' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Netzwerk',
      'Gremien',
      'Meine Kalender',
      'Mit mir geteilt',
    ]);
    expect(screen.getByRole('link', { name: 'Netzwerk bearbeiten' }).getAttribute('href')).toBe(
      `/calendars/${editable.id}/edit`,
    );
    expect(screen.queryByRole('button', { name: 'Netzwerk löschen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Vorstand löschen' })).toBeTruthy();
    expect(screen.getByText('mit 1 Mitglied geteilt')).toBeTruthy();
    expect(screen.getByText('geteilt von Anna Adler')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Urlaub Anna bearbeiten' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Freigabe von Urlaub Anna entfernen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuer Netzwerkkalender' }).getAttribute('href')).toBe(
      '/calendars/new?type=network',
    );
    expect(screen.getByRole('link', { name: 'Neuer persönlicher Kalender' }).getAttribute('href')).toBe(
      '/calendars/new?type=personal',
    );
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('deletes after confirmation and says so', async () => {
    const calls = stubFetch({
      'GET /calendars': { status: 200, body: { calendars: [group] } },
      'GET /api/v1/calendars/context': { status: 200, body: context({ member: { create_personal_calendars: false } }) },
      [`DELETE /calendars/${group.id}`]: { status: 204 },
    });
    renderPages(routes, '/calendars/manage');
    fireEvent.click(await screen.findByRole('button', { name: 'Vorstand löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kalender löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Vorstand löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Erfolgreich gelöscht.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/calendars/${group.id}`)).toBe(true);
    expect(screen.queryByRole('link', { name: /Neuer/ })).toBeNull();
  });

  it('removes the share of another member’s calendar after confirmation', async () => {
    const calls = stubFetch({
      'GET /calendars': { status: 200, body: { calendars: [shared] } },
      'GET /api/v1/calendars/context': { status: 200, body: context() },
      [`DELETE /calendars/${shared.id}/share`]: { status: 204 },
    });
    renderPages(routes, '/calendars/manage');
    fireEvent.click(await screen.findByRole('button', { name: 'Freigabe von Urlaub Anna entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freigabe entfernen?' });
    expect(within(dialog).getByText(/Anna Adler kann ihn erneut/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freigabe entfernen' }));
    expect(await screen.findByText('Die Freigabe wurde entfernt.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/calendars/${shared.id}/share`)).toBe(true);
  });

  it('offers a group calendar within a group when the group allows it', async () => {
    stubFetch({
      'GET /groups/vorstand/calendars': { status: 200, body: { calendars: [group] } },
      'GET /api/v1/calendars/context?group_slug=vorstand': {
        status: 200,
        body: context({
          network: { create_calendars: true },
          group: {
            id: 'c'.repeat(24),
            slug: 'vorstand',
            name: 'Vorstand',
            can: { create_calendars: true, create_appointments: true },
          },
        }),
      },
    });
    renderPages(routes, '/groups/vorstand/calendars/manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kalender · Vorstand' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuer Gruppenkalender' }).getAttribute('href')).toBe(
      '/groups/vorstand/calendars/new',
    );
    expect(screen.queryByRole('link', { name: 'Neuer Netzwerkkalender' })).toBeNull();
  });
});

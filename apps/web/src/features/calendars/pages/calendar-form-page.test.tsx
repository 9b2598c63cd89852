import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_PALETTE } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts } from '../../../ui/testing.tsx';
import { calendar, context, renderPages } from '../testing.tsx';
import { EditCalendarPage, NewCalendarPage } from './calendar-form-page.tsx';

const routes = [
  { path: '/calendars/new', element: <NewCalendarPage /> },
  { path: '/groups/:groupSlug/calendars/new', element: <NewCalendarPage /> },
  { path: '/calendars/:calendarId/edit', element: <EditCalendarPage /> },
];

const groupContext = context({
  group: { id: 'c'.repeat(24), slug: 'team', name: 'Team', can: { create_calendars: true, create_appointments: true } },
});

function checkedColor(): string | undefined {
  return (document.querySelector('input[name="calendar-color"]:checked') as HTMLInputElement | null)?.value;
}

describe('calendar form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('creates a personal calendar with a random palette colour preselected', async () => {
    const calls = stubFetch({
      'GET /api/v1/calendars/context': { status: 200, body: context({ network: { create_calendars: true } }) },
      'POST /calendars': { status: 201, body: calendar(9) },
    });
    const { router } = renderPages(routes, '/calendars/new?type=personal');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).required).toBe(true);
    expect(CALENDAR_PALETTE).toContain(checkedColor());
    expect(
      screen.getAllByRole('radio', {
        name: /^(Blau|Türkis|Grün|Hellgrün|Orange|Dunkelorange|Rot|Pink|Lila|Violett|Indigo|Grau)$/,
      }),
    ).toHaveLength(12);
    expect((screen.getByRole('radio', { name: 'Persönlicher Kalender' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Mit Mitgliedern teilen' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    // Name is required: the field says so and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte ausfüllen.')).toBeTruthy();
    expect(await screen.findByText('Speichern fehlgeschlagen. Bitte prüfen Sie: Name')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: 'Familie' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Rot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendars/manage'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      calendar: { name: 'Familie', color: 'e03131', type: 'personal', membership_ids: [], parent_id: null },
    });
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
  }, 20_000);

  it('takes a custom colour code and offers sharing only for personal calendars', async () => {
    const calls = stubFetch({
      'GET /api/v1/calendars/context': { status: 200, body: context({ network: { create_calendars: true } }) },
      'POST /calendars': { status: 201, body: calendar(9) },
    });
    renderPages(routes, '/calendars/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Veranstaltungen' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Netzwerkkalender' }));
    expect(screen.queryByRole('textbox', { name: 'Mit Mitgliedern teilen' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Eigener Farbcode' }), { target: { value: '#A1B2C3' } });
    await waitFor(() => expect(checkedColor()).toBeUndefined());
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      calendar: { name: 'Veranstaltungen', color: 'a1b2c3', type: 'network', membership_ids: [], parent_id: null },
    });
  });

  it('marks the fields the server refuses', async () => {
    stubFetch({
      'GET /api/v1/calendars/context': { status: 200, body: context() },
      'POST /calendars': { status: 422, body: { errors: { membership_ids: ['invalid'] } } },
    });
    const { router } = renderPages(routes, '/calendars/new?type=personal');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Familie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ungültige Eingabe.')).toBeTruthy();
    expect(await screen.findByText('Speichern fehlgeschlagen. Bitte prüfen Sie: Mit Mitgliedern teilen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendars/new');
  });

  it('says “saving failure” when the save fails otherwise', async () => {
    stubFetch({
      'GET /api/v1/calendars/context': { status: 200, body: context() },
      'POST /calendars': { status: 403, body: { error: 'forbidden' } },
    });
    renderPages(routes, '/calendars/new?type=personal');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Familie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Speichern fehlgeschlagen.')).toBeTruthy();
  });

  it('creates a group calendar of the group it is opened in', async () => {
    const calls = stubFetch({
      'GET /api/v1/calendars/context?group_slug=team': { status: 200, body: groupContext },
      'POST /calendars': { status: 201, body: calendar(9) },
    });
    const { router } = renderPages(routes, '/groups/team/calendars/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Team-Termine' } });
    expect(screen.getByText('Gruppenkalender')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mit Mitgliedern teilen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/team/calendars/manage'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      calendar: { name: 'Team-Termine', type: 'group', parent_id: 'c'.repeat(24), membership_ids: [] },
    });
  });

  it('tells a member who may create nothing here', async () => {
    stubFetch({
      'GET /api/v1/calendars/context': { status: 200, body: context({ member: { create_personal_calendars: false } }) },
    });
    renderPages(routes, '/calendars/new?type=personal');
    expect(await screen.findByText('Sie dürfen hier keinen Kalender anlegen.')).toBeTruthy();
  });

  it('edits a calendar with its colour, members and fixed type', async () => {
    const own = calendar(3, {
      name: 'Privat',
      type: 'personal',
      color: '123456',
      memberships: [{ id: 'd'.repeat(24), name: 'Max Meier', path: '/members/d' }],
      can: { update: true, destroy: true, create_appointments: true },
    });
    const calls = stubFetch({
      [`GET /calendars/${own.id}`]: { status: 200, body: own },
      [`PUT /calendars/${own.id}`]: { status: 200, body: own },
    });
    const { router } = renderPages(routes, `/calendars/${own.id}/edit`);
    const name = (await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    expect(name.value).toBe('Privat');
    expect((screen.getByRole('textbox', { name: 'Eigener Farbcode' }) as HTMLInputElement).value).toBe('#123456');
    expect(screen.getByText('Max Meier')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Netzwerkkalender' })).toBeNull();
    expect(screen.getByText('Persönlicher Kalender')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Familie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendars/manage'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      calendar: {
        name: 'Familie',
        color: '123456',
        type: 'personal',
        membership_ids: ['d'.repeat(24)],
        parent_id: null,
      },
    });
  });
});

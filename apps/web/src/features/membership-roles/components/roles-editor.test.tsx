import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MembershipRole } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { RolesEditor } from './roles-editor.tsx';

const role = (id: string, name: string, extra: Partial<MembershipRole> = {}): MembershipRole => ({
  id: id.repeat(24),
  slug: name.toLowerCase(),
  name,
  plural_name: `${name}s`,
  color: '#c92a2a',
  text_color: '#ffffff',
  display_type: 'default',
  group_id: null,
  holder_count: 2,
  can: { update: true, destroy: true },
  ...extra,
});

const COUNCIL = role('a', 'Betriebsrat', { plural_name: 'Betriebsräte' });
const AIDER = role('b', 'Ersthelfer', { display_type: 'grouped', holder_count: 0 });
const LIST = 'GET /administration/membership_roles';

function render(answers: Parameters<typeof stubFetch>[0], groupSlug: string | null = null) {
  const calls = stubFetch(answers);
  const view = renderUi(<RolesEditor scope={{ groupSlug }} />);
  return { ...view, calls };
}

describe('the membership roles editor', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists the roles with their slug, display and holders', async () => {
    render({ [LIST]: { status: 200, body: [COUNCIL, AIDER] } });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RolleMehrzahlKurznameAnzeigeMitgliederAktionen',
      // The first cell repeats the other columns for phones (hidden by CSS from sm up).
      'BetriebsratBetriebsräte · betriebsrat · StandardBetriebsrätebetriebsratStandard2',
      'ErsthelferErsthelfers · ersthelfer · GruppiertErsthelfersersthelferGruppiert0',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('edits one row at a time; the slug is read-only and kept', async () => {
    const { calls } = render({
      [LIST]: { status: 200, body: [COUNCIL, AIDER] },
      [`PUT /administration/membership_roles/${COUNCIL.id}`]: { status: 200, body: { ...COUNCIL, name: 'BR' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Betriebsrat bearbeiten' }));
    const form = await screen.findByRole('form', { name: 'Betriebsrat bearbeiten' });
    expect(screen.getByRole('button', { name: 'Ersthelfer bearbeiten' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Neue Rolle' })).toHaveProperty('disabled', true);
    const slug = within(form).getByLabelText('Kurzname (Slug)');
    expect(slug).toHaveProperty('readOnly', true);
    expect(slug).toHaveProperty('value', 'betriebsrat');
    fireEvent.change(within(form).getByLabelText(/^Name(?! in)/), { target: { value: 'BR' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      membership_role: {
        name: 'BR',
        plural_name: 'Betriebsräte',
        color: '#c92a2a',
        text_color: '#ffffff',
        display_type: 'default',
      },
    });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it('adds a role in a new row at the end, black by default, and marks what the server refuses', async () => {
    const { calls } = render(
      {
        [LIST]: { status: 200, body: [COUNCIL] },
        'POST /groups/werkstatt/administration/membership_roles': {
          status: 422,
          body: { errors: { plural_name: ['too_long'] }, details: { plural_name: { maximum: 100 } } },
        },
        'GET /groups/werkstatt/administration/membership_roles': { status: 200, body: [COUNCIL] },
      },
      'werkstatt',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Neue Rolle' }));
    const form = await screen.findByRole('form', { name: 'Neue Rolle' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[rows.length - 1]!.contains(form)).toBe(true);
    const save = within(form).getByRole('button', { name: 'Speichern' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(within(form).getByLabelText(/^Name(?! in)/), { target: { value: 'Kassenwart' } });
    fireEvent.change(within(form).getByLabelText(/^Name in der Mehrzahl/), { target: { value: 'Kassenwarte' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      membership_role: { name: 'Kassenwart', color: '#000000', text_color: null, display_type: 'default' },
    });
    expect(await within(form).findByText(/Zu lang|Höchstens 100 Zeichen/)).toBeTruthy();
  });

  it('asks before deleting, naming how many hold the role', async () => {
    const { calls } = render({
      [LIST]: { status: 200, body: [COUNCIL] },
      [`DELETE /administration/membership_roles/${COUNCIL.id}`]: { status: 204 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Betriebsrat löschen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('die 2 Mitglieder mit dieser Rolle verlieren sie');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rolle löschen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('says so when there is no role yet', async () => {
    render({ [LIST]: { status: 200, body: [] } });
    expect(await screen.findByText('Noch keine Rollen')).toBeTruthy();
  });
});

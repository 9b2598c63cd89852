import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberAdminDetail } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { MemberEditPage } from './member-edit-page.tsx';
import { MemberFactorsPage } from './member-factors-page.tsx';
import { MemberGroupsPage } from './member-groups-page.tsx';

const ID = 'b'.repeat(24);
const ROLE = 'c'.repeat(24);
const member = (values: Partial<MemberAdminDetail> = {}): MemberAdminDetail => ({
  id: ID,
  name: 'Max Member',
  first_name: 'Max',
  last_name: 'Member',
  email: 'max@example.test',
  images: { small: null, medium: null, large: null },
  is_external: false,
  locked: false,
  network_admin: false,
  created_at: '2026-03-04T10:00:00Z',
  can: { edit: true, lock: true, destroy: true, edit_groups: true },
  email_editable: true,
  membership_role_ids: [],
  options: {
    guest_users_allowed: true,
    membership_roles_enabled: true,
    roles: [{ id: ROLE, name: 'Betriebsrat', color: '#c92a2a', text_color: null }],
  },
  ...values,
});
const SHOW = `GET /administration/members/${ID}`;

function render(path: string, answers: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch(answers);
  const view = renderUi(
    <Routes>
      <Route path="/administration/members/:memberId/edit" element={<MemberEditPage />} />
      <Route path="/administration/members/:memberId/group-memberships" element={<MemberGroupsPage />} />
      <Route path="/administration/members/:memberId/authentication/factors" element={<MemberFactorsPage />} />
      <Route path="/administration/members" element={<p>list</p>} />
    </Routes>,
    { path },
  );
  return { ...view, calls };
}

describe('the member edit pages', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('edits names, external and roles, and saves only what the network offers', async () => {
    const { calls } = render(`/administration/members/${ID}/edit`, {
      [SHOW]: { status: 200, body: member() },
      [`PUT /administration/members/${ID}`]: { status: 200, body: member({ first_name: 'Maximilian' }) },
    });
    const first = await screen.findByLabelText(/Vorname/);
    const nav = screen.getByRole('navigation', { name: 'Mitgliederverwaltung' });
    expect(within(nav).getByRole('link', { name: 'Bearbeiten' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Gruppenmitgliedschaften' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(first, { target: { value: 'Maximilian' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Externes Mitglied/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      user: {
        first_name: 'Maximilian',
        last_name: 'Member',
        email: 'max@example.test',
        is_external: true,
        network_admin: false,
        membership_role_ids: [],
      },
    });
  });

  it('offers neither external nor roles where the network does not, and no address change for a shared account', async () => {
    const { calls } = render(`/administration/members/${ID}/edit`, {
      [SHOW]: {
        status: 200,
        body: member({
          email_editable: false,
          options: { guest_users_allowed: false, membership_roles_enabled: false, roles: [] },
        }),
      },
      [`PUT /administration/members/${ID}`]: { status: 200, body: member() },
    });
    await screen.findByLabelText(/Vorname/);
    expect(screen.queryByRole('checkbox', { name: /Externes Mitglied/ })).toBeNull();
    expect(screen.queryByLabelText(/Mitgliedsrollen/)).toBeNull();
    expect((screen.getByLabelText(/E-Mail-Adresse/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      user: { first_name: 'Max', last_name: 'Member', network_admin: false },
    });
  });

  it('locks after asking, and deletes after asking, back to the list', async () => {
    const { calls, router } = render(`/administration/members/${ID}/edit`, {
      [SHOW]: { status: 200, body: member() },
      [`POST /administration/members/${ID}/lock`]: { status: 200, body: member({ locked: true }) },
      [`DELETE /administration/members/${ID}`]: { status: 204 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sperren' }));
    const lockDialog = await screen.findByRole('dialog', { name: 'Max Member sperren?' });
    fireEvent.click(within(lockDialog).getByRole('button', { name: 'Sperren' }));
    expect(await screen.findByText('Max Member ist gesperrt.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Entsperren' })).toBeTruthy();
    expect(screen.getByText('Dieses Mitglied ist gesperrt und kann sich nicht anmelden.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mitglied löschen' }));
    const deleteDialog = await screen.findByRole('dialog', { name: 'Max Member löschen?' });
    fireEvent.click(within(deleteDialog).getByRole('button', { name: 'Mitglied löschen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/administration/members'));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /administration/members/${ID}/lock`,
      `DELETE /administration/members/${ID}`,
    ]);
  });

  it('shows no lock or delete for oneself', async () => {
    render(`/administration/members/${ID}/edit`, {
      [SHOW]: { status: 200, body: member({ can: { edit: true, lock: false, destroy: false, edit_groups: true } }) },
    });
    expect(await screen.findByText(/Das ist Ihr eigenes Konto/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sperren' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Netzwerk-Administrator' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("lists the member's groups and removes one after asking", async () => {
    const group = {
      id: 'd'.repeat(24),
      slug: 'ops',
      name: 'Ops',
      path: '/groups/ops',
      archived: false,
      role: 'admin',
      category: { id: 'e'.repeat(24), name: 'Teams' },
    };
    const groupsPath = `/administration/members/${ID}/group-memberships`;
    render(groupsPath, {
      [SHOW]: { status: 200, body: member() },
      [`GET ${groupsPath}`]: { status: 200, body: { member: { id: ID, name: 'Max Member' }, groups: [group] } },
      [`DELETE ${groupsPath}/${group.id}`]: {
        status: 200,
        body: { member: { id: ID, name: 'Max Member' }, groups: [] },
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Administrator');
    expect(screen.getByRole('button', { name: 'Zum einfachen Mitglied von Ops machen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aus Ops entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aus Ops entfernen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aus Ops entfernen' }));
    expect(await screen.findByText('Noch in keiner Gruppe')).toBeTruthy();
  });

  it('resets the two-factor authentication after asking, only where the network has it', async () => {
    const { calls } = render(`/administration/members/${ID}/authentication/factors`, {
      [SHOW]: { status: 200, body: member() },
      'GET /administration/settings': { status: 200, body: { settings: { two_factor: 'enabled' } } },
      [`DELETE /administration/members/${ID}/authentication/factors`]: { status: 204 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zwei-Faktor-Authentifizierung zurücksetzen' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Zwei-Faktor-Authentifizierung von Max Member zurücksetzen?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zwei-Faktor-Authentifizierung zurücksetzen' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
        `DELETE /administration/members/${ID}/authentication/factors`,
      ),
    );
  });

  it('offers no reset where two-factor is disabled', async () => {
    render(`/administration/members/${ID}/authentication/factors`, {
      [SHOW]: { status: 200, body: member() },
      'GET /administration/settings': { status: 200, body: { settings: { two_factor: 'disabled' } } },
    });
    expect(
      await screen.findByText('Die Zwei-Faktor-Authentifizierung ist in diesem Netzwerk deaktiviert.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /zurücksetzen/i })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the member does not exist', async () => {
    render(`/administration/members/${ID}/edit`, { [SHOW]: { status: 404, body: { error: 'not_found' } } });
    expect(await screen.findByTestId('missing-not_found')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberAdminItem, MemberAdminPage } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { MembersPage } from './members-page.tsx';

const item = (id: string, name: string, values: Partial<MemberAdminItem> = {}): MemberAdminItem => ({
  id: id.length === 24 ? id : id.repeat(24),
  name,
  first_name: name.split(' ')[0]!,
  last_name: name.split(' ')[1] ?? '',
  email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
  images: { small: null, medium: null, large: null },
  is_external: false,
  locked: false,
  network_admin: false,
  created_at: '2026-03-04T10:00:00Z',
  can: { edit: true, lock: true, destroy: true, edit_groups: true },
  ...values,
});

const page = (items: MemberAdminItem[], total = items.length): MemberAdminPage => ({ items, total, page: 1, per: 25 });
const LIST = 'GET /administration/members?page=1&per=25';

describe('the members administration list', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists members with their address, badges and the day they joined, each linked to its edit page', async () => {
    stubFetch({
      [LIST]: {
        status: 200,
        body: page([
          item('a', 'Anna Admin', { network_admin: true }),
          item('b', 'Gina Gast', { is_external: true, locked: true }),
        ]),
      },
    });
    renderUi(<MembersPage />, { path: '/administration/members' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('anna@example.test');
    expect(rows[1]!.textContent).toContain('Admin');
    expect(rows[2]!.textContent).toContain('Gesperrt');
    expect(rows[2]!.textContent).toContain('Extern');
    expect(rows[2]!.textContent).toContain('04.03.2026');
    expect(screen.getByRole('link', { name: 'Gina Gast bearbeiten' }).getAttribute('href')).toBe(
      `/administration/members/${'b'.repeat(24)}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Neues Mitglied' }).getAttribute('href')).toBe(
      '/administration/members/new',
    );
    expect(screen.getByText('2 Mitglieder')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('searches and filters through the address, and says when nothing is found', async () => {
    const calls = stubFetch({
      [LIST]: { status: 200, body: page([item('a', 'Anna Admin')]) },
      'GET /administration/members?page=1&per=25&q=zz': { status: 200, body: page([]) },
      'GET /administration/members?page=1&per=25&q=zz&locked=true': { status: 200, body: page([]) },
    });
    const { router } = renderUi(<MembersPage />, { path: '/administration/members' });
    await screen.findByRole('table', {}, { timeout: 4000 });
    fireEvent.change(screen.getByLabelText('Nach Name oder E-Mail suchen'), { target: { value: 'zz' } });
    expect(await screen.findByText('Keine Mitglieder gefunden', {}, { timeout: 4000 })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=zz');
    fireEvent.click(screen.getByRole('textbox', { name: 'Gesperrt' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ja' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=zz&locked=true'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('q=zz&locked=true'))).toBe(true));
  });

  it('pages through many members', async () => {
    const many = Array.from({ length: 25 }, (_, i) => item(i.toString(16).padStart(24, '0'), `Person ${i}`));
    const calls = stubFetch({
      [LIST]: { status: 200, body: page(many, 60) },
      'GET /administration/members?page=2&per=25': { status: 200, body: { ...page(many, 60), page: 2 } },
    });
    renderUi(<MembersPage />, { path: '/administration/members' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: /Seite 2/ }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('page=2'))).toBe(true));
  });
});

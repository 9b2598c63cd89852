import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RegistrationItem } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { RegistrationsPage } from './registrations-page.tsx';

const item = (values: Partial<RegistrationItem>): RegistrationItem => ({
  id: 'b'.repeat(24),
  email: 'paula@example.org',
  first_name: 'Paula',
  last_name: 'Neumann',
  profile: { department: 'Vertrieb' },
  status: 'pending',
  created_at: '2026-11-20T09:00:00Z',
  decided_at: null,
  decided_by: null,
  can: { approve: true, reject: true },
  ...values,
});

describe('RegistrationsPage', () => {
  beforeEach(() => i18n.changeLanguage('de'));

  it('lists who waits and approves after asking', async () => {
    const calls = stubFetch({
      'GET /administration/registrations?status=pending&page=1': {
        status: 200,
        body: { items: [item({})], page: 1, per: 25, total: 1 },
      },
      [`POST /administration/registrations/${'b'.repeat(24)}/approve`]: {
        status: 200,
        body: item({ status: 'approved', can: { approve: false, reject: false } }),
      },
    });
    renderUi(<RegistrationsPage />, { path: '/administration/registrations' });
    const card = await screen.findByRole('listitem', { name: 'Paula Neumann' });
    expect(within(card).getByText('Abteilung: Vertrieb')).toBeTruthy();
    expect(within(card).getByText('Registriert am 20.11.2026')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Paula Neumann freigeben' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/approve'))).toBe(true));
  });

  it('shows decided ones without buttons, and an empty state', async () => {
    stubFetch({
      'GET /administration/registrations?status=pending&page=1': {
        status: 200,
        body: { items: [], page: 1, per: 25, total: 0 },
      },
      'GET /administration/registrations?status=approved&page=1': {
        status: 200,
        body: {
          items: [
            item({
              status: 'approved',
              decided_at: '2026-11-21T10:00:00Z',
              decided_by: { id: 'c'.repeat(24), name: 'Anna Adler' },
              can: { approve: false, reject: false },
            }),
          ],
          page: 1,
          per: 25,
          total: 1,
        },
      },
    });
    renderUi(<RegistrationsPage />, { path: '/administration/registrations' });
    expect(await screen.findByText('Niemand wartet auf eine Entscheidung.')).toBeTruthy();
    fireEvent.click(screen.getByText('Freigegeben'));
    const card = await screen.findByRole('listitem', { name: 'Paula Neumann' });
    expect(within(card).getByText('Entschieden am 21.11.2026 von Anna Adler')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

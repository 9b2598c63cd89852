import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeRequest } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ChangeRequestPage } from './change-request-page.tsx';
import { ChangeRequestsAdminPage } from './change-requests-admin-page.tsx';

const MAX = 'a'.repeat(24);
const REQUEST: ChangeRequest = {
  id: 'b'.repeat(24),
  status: 'open',
  member: {
    id: MAX,
    displayName: 'Max Member',
    path: `/members/${MAX}`,
    images: { small: null, medium: null, large: null },
  },
  author: { id: MAX, displayName: 'Max Member', path: `/members/${MAX}` },
  comment: 'Umgezogen',
  changes: [
    {
      name: 'department',
      label: 'Abteilung',
      current: 'IT',
      current_display: 'IT',
      requested: 'Vertrieb',
      requested_display: 'Vertrieb',
    },
  ],
  created_at: '2026-01-01T10:00:00Z',
  decided_at: null,
  can: { accept: true, reject: true },
};

describe('change requests', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('sends only the changed change-request fields', async () => {
    const calls = stubFetch({
      'GET /change_requests/new': {
        status: 200,
        body: {
          member: { id: MAX, displayName: 'Max Member', path: `/members/${MAX}` },
          properties: [
            { name: 'department', label: 'Abteilung', type: 'text' },
            { name: 'position', label: 'Position', type: 'text' },
          ],
          values: { department: 'IT', position: null },
        },
      },
      'POST /change_requests': { status: 201, body: REQUEST },
    });
    renderUi(<ChangeRequestPage />, { path: '/change_requests/new' });
    fireEvent.change(await screen.findByLabelText('Abteilung'), { target: { value: 'Vertrieb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Antrag senden' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      change_request: { membership_id: MAX, profile: { department: 'Vertrieb' }, comment: null },
    });
  }, 20_000);

  it('lets administrators accept an open request', async () => {
    const calls = stubFetch({
      'GET /administration/change_requests?status=open&per=100': {
        status: 200,
        body: { items: [REQUEST], total: 1, page: 1, per: 100 },
      },
      [`POST /administration/change_requests/${REQUEST.id}/accept`]: {
        status: 200,
        body: { ...REQUEST, status: 'accepted' },
      },
    });
    renderUi(<ChangeRequestsAdminPage />, { path: '/administration/change_requests' });
    const card = await screen.findByRole('region', { name: 'Max Member' });
    expect(within(card).getByText('Vertrieb')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByText('Änderungsantrag angenommen.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/accept'))).toBe(true);
  });
});

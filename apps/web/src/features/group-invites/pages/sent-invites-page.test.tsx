import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GroupInviteStatus, SentGroupInvite } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { SentInvitesPage } from './sent-invites-page.tsx';

const LIST = '/invites/sent?page=1';

function sent(n: number, status: GroupInviteStatus): SentGroupInvite {
  const id = String(n).padStart(24, '0');
  return {
    id,
    type: 'group_invite',
    invitee: { id: `${id.slice(0, 23)}a`, name: `Member ${n}`, path: `/members/${id.slice(0, 23)}a` },
    invitable: { id: 'b'.repeat(24), name: 'Vertrieb', slug: 'vertrieb', image: null, path: '/groups/vertrieb' },
    author: { id: 'f'.repeat(24), name: 'Max Mustermann', path: `/members/${'f'.repeat(24)}` },
    additional_message: '',
    status,
    created_at: '2030-03-01T09:00:00Z',
    renewed_at: null,
    can: { renew: status === 'open' || status === 'declined', revoke: status === 'open' },
  };
}

beforeEach(() => clearToasts());

function show(items: SentGroupInvite[], answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    [`GET ${LIST}`]: { status: 200, body: { items, page: 1, per: 25, total: items.length } },
    ...answers,
  });
  renderUi(
    <Routes>
      <Route path="/invites/sent" element={<SentInvitesPage />} />
    </Routes>,
    { path: '/invites/sent' },
  );
  return calls;
}

describe('/invites/sent', () => {
  it('shows the batch bar once an invite is selected, with the rules of its states', async () => {
    show([sent(1, 'open'), sent(2, 'accepted')]);
    expect(await screen.findByText('Member 1')).toBeTruthy();
    expect(screen.queryByTestId('batch-bar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the invitation of Member 1' }));
    expect(await screen.findByTestId('batch-bar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all invitations on this page' }));
    expect(await screen.findByText('2 invitations selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Renew' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all invitations on this page' }));
    await waitFor(() => expect(screen.queryByTestId('batch-bar')).toBeNull());
  });

  it('revokes after confirmation and shows the flash of the answer', async () => {
    const calls = show([sent(1, 'open')], {
      'POST /batch_invites/revoke': { status: 422, body: { errors: { invite_ids: ['not_revokable'] } } },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the invitation of Member 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ invite_ids: [sent(1, 'open').id] });
    expect(await screen.findByText('Only open invitations can be revoked.')).toBeTruthy();
  });

  it('renews with a new message and says so', async () => {
    const calls = show([sent(1, 'declined')], {
      'POST /batch_invites/renew': { status: 200, body: { message: 'success_flash', count: 1 } },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the invitation of Member 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New message (optional)'), { target: { value: 'Noch Interesse?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(
      await screen.findByText('The invitations were renewed; the invited members have been reminded.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      invite_ids: [sent(1, 'declined').id],
      additional_message: 'Noch Interesse?',
    });
  });
});

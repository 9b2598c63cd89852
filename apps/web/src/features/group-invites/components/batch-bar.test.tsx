import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GroupInviteStatus, SentGroupInvite } from '@agora/contracts';
import { renderUi } from '../../../ui/testing.tsx';
import { BatchBar, batchAbilities } from './batch-bar.tsx';

function sent(status: GroupInviteStatus, can = { renew: true, revoke: true }): SentGroupInvite {
  return {
    id: `${status}${'0'.repeat(24 - status.length)}`.slice(0, 24),
    type: 'group_invite',
    invitee: { id: 'a'.repeat(24), name: 'Gina Gast', path: `/members/${'a'.repeat(24)}` },
    invitable: { id: 'b'.repeat(24), name: 'Vertrieb', slug: 'vertrieb', image: null, path: '/groups/vertrieb' },
    author: null,
    additional_message: '',
    status,
    created_at: '2030-03-01T09:00:00Z',
    renewed_at: null,
    can: {
      renew: can.renew && (status === 'open' || status === 'declined'),
      revoke: can.revoke && status === 'open',
    },
  };
}

describe('the batch rules', () => {
  it('revokes only when every selected invite is open', () => {
    expect(batchAbilities([sent('open'), sent('open')]).revoke).toBe(true);
    for (const other of ['accepted', 'declined', 'obsolete', 'joined'] as const) {
      expect(batchAbilities([sent('open'), sent(other)]).revoke, other).toBe(false);
    }
  });

  it('renews unless one selected invite is accepted, obsolete or joined', () => {
    expect(batchAbilities([sent('open'), sent('declined')]).renew).toBe(true);
    for (const other of ['accepted', 'obsolete', 'joined'] as const) {
      expect(batchAbilities([sent('open'), sent(other)]).renew, other).toBe(false);
    }
  });

  it('allows nothing without a selection, nor what the server says the member may not do', () => {
    expect(batchAbilities([])).toEqual({ renew: false, revoke: false });
    expect(batchAbilities([sent('open', { renew: false, revoke: false })])).toEqual({ renew: false, revoke: false });
  });
});

describe('BatchBar', () => {
  it('shows only while at least one invite is selected', () => {
    const { container } = renderUi(<BatchBar selected={[]} pending={null} onRenew={vi.fn()} onRevoke={vi.fn()} />);
    expect(container.querySelector('[data-testid="batch-bar"]')).toBeNull();
  });

  it('disables revoke for a declined invite and renew for an accepted one', async () => {
    const onRenew = vi.fn();
    renderUi(
      <BatchBar selected={[sent('open'), sent('declined')]} pending={null} onRenew={onRenew} onRevoke={vi.fn()} />,
    );
    expect(await screen.findByText('2 invitations selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke' })).toHaveProperty('disabled', true);
    const renew = screen.getByRole('button', { name: 'Renew' });
    expect(renew).toHaveProperty('disabled', false);
    fireEvent.click(renew);
    expect(onRenew).toHaveBeenCalledOnce();
  });

  it('disables renew as soon as an accepted invite is selected', async () => {
    renderUi(
      <BatchBar selected={[sent('open'), sent('accepted')]} pending={null} onRenew={vi.fn()} onRevoke={vi.fn()} />,
    );
    expect((await screen.findByRole('button', { name: 'Renew' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Revoke' }).hasAttribute('disabled')).toBe(true);
  });
});

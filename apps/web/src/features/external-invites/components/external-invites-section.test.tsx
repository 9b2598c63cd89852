import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExternalInviteItem } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { externalInvite } from '../testing.ts';
import { ExternalInvitesSection } from './external-invites-section.tsx';

function show(items: ExternalInviteItem[], extra: Record<string, { status: number; body?: unknown }> = {}) {
  const calls = stubFetch({
    'GET /administration/external_invites?page=1': {
      status: 200,
      body: { items, page: 1, per: 25, total: items.length },
    },
    ...extra,
  });
  renderUi(<ExternalInvitesSection source={{ kind: 'network' }} />);
  return calls;
}

const select = (email: string) =>
  fireEvent.click(screen.getByRole('checkbox', { name: `Select the invitation to ${email}` }));
const bar = () => within(screen.getByTestId('batch-bar'));

describe('the invitations by e-mail', () => {
  beforeEach(() => clearToasts());

  it('lists them with their status, and the batch bar only with a selection', async () => {
    show([externalInvite('open', 0), externalInvite('joined', 1)]);
    expect(await screen.findByText('person0@example.org')).toBeTruthy();
    expect(screen.getByText('Joined')).toBeTruthy();
    expect(screen.queryByTestId('batch-bar')).toBeNull();
    select('person0@example.org');
    expect(bar().getByText('1 invitation selected')).toBeTruthy();
  });

  it('renews and revokes open ones', async () => {
    show([externalInvite('open', 0), externalInvite('open', 1)]);
    await screen.findByText('person0@example.org');
    select('person0@example.org');
    select('person1@example.org');
    expect(bar().getByRole('button', { name: 'Renew' })).toHaveProperty('disabled', false);
    expect(bar().getByRole('button', { name: 'Revoke' })).toHaveProperty('disabled', false);
  });

  it('disables renew with an accepted, obsolete or joined one, and revoke unless all are open', async () => {
    for (const other of ['accepted', 'obsolete', 'joined'] as const) {
      show([externalInvite('open', 0), externalInvite(other, 1)]);
      await screen.findByText('person1@example.org');
      select('person0@example.org');
      select('person1@example.org');
      expect(bar().getByRole('button', { name: 'Renew' }), other).toHaveProperty('disabled', true);
      expect(bar().getByRole('button', { name: 'Revoke' }), other).toHaveProperty('disabled', true);
      cleanup();
    }
  });

  it('renews after asking, without a new message, and flashes the answer', async () => {
    const calls = show([externalInvite('open', 0)], {
      'POST /batch_invites/renew': { status: 200, body: { message: 'success_flash', count: 1 } },
    });
    await screen.findByText('person0@example.org');
    select('person0@example.org');
    fireEvent.click(bar().getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('The invitations were sent again with a new link.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        invite_ids: [externalInvite('open', 0).id],
      }),
    );
  });

  it('says when there are none', async () => {
    show([]);
    expect(await screen.findByText('No invitations by e-mail')).toBeTruthy();
  });
});

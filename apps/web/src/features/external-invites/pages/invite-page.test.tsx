import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { groupWith, SETTINGS } from '../testing.ts';
import { InvitePage } from './invite-page.tsx';

const PATH = '/groups/engineering/administration/invites/new';

function show(can: Parameters<typeof groupWith>[0], extra: Record<string, { status: number; body?: unknown }> = {}) {
  const calls = stubFetch({
    'GET /api/v1/groups/engineering': { status: 200, body: groupWith(can) },
    'GET /external_invites/settings': { status: 200, body: SETTINGS },
    ...extra,
  });
  renderUi(
    <Routes>
      <Route path="/groups/:groupSlug/administration/invites/new" element={<InvitePage />} />
    </Routes>,
    { path: PATH },
  );
  return calls;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the invite page of a group', () => {
  beforeEach(() => clearToasts());

  it('shows every tab the flags allow, the internal one first', async () => {
    show({ invite_internal: true, invite_external: true });
    await screen.findByRole('tab', { name: 'Members' });
    expect(tabNames()).toEqual(['Members', 'By e-mail', 'CSV upload']);
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeTruthy();
  });

  it('has no serious accessibility violations on the e-mail tab', async () => {
    show({ invite_internal: true, invite_external: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'By e-mail' }));
    await screen.findByDisplayValue('Join us at Agora');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows only the members tab without an external flag', async () => {
    show({ invite_internal: true });
    await screen.findByRole('tab', { name: 'Members' });
    expect(tabNames()).toEqual(['Members']);
  });

  it('offers only guests where only guest invites are allowed, with the default texts', async () => {
    show({ invite_external_guests: true });
    await screen.findByRole('tab', { name: 'By e-mail' });
    expect(tabNames()).toEqual(['By e-mail', 'CSV upload']);
    expect(await screen.findByDisplayValue('Join us at Agora')).toBeTruthy();
    expect(screen.getByDisplayValue('Hello, you are invited.')).toBeTruthy();
    expect(screen.getByTestId('only-guests')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Member' })).toBeNull();
  });

  it('says so where the member may not invite at all', async () => {
    show({});
    expect(await screen.findByText('You cannot invite here')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('sends one address and puts the 422 on the field', async () => {
    const calls = show(
      { invite_external: true },
      { 'POST /groups/engineering/external_invites': { status: 422, body: { errors: { email: ['taken'] } } } },
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail address/ }), {
      target: { value: 'gina@example.org' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'External member (guest)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This address belongs to a member of the network already.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      external_invite: {
        email: 'gina@example.org',
        subject: 'Join us at Agora',
        user_type: 'external',
        group_ids: [],
        channel_ids: [],
      },
    });
  });

  it('shows the answer with the addresses left out, and the success toast', async () => {
    show(
      { invite_external: true },
      {
        'POST /groups/engineering/external_invites': {
          status: 200,
          body: { message: '1 invitation sent.', invited: 1, errors: [] },
        },
      },
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail address/ }), {
      target: { value: 'neu@example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getAllByText('1 invitation sent.').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveProperty('value', '');
  });

  it('asks for the address before sending', async () => {
    const calls = show({ invite_external: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please fill in this field.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

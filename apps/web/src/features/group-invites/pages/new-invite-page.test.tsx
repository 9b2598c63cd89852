import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { NewInvitePage } from './new-invite-page.tsx';

const GROUP = '/api/v1/groups/engineering';

function show(canInvite: boolean) {
  const calls = stubFetch({
    [`GET ${GROUP}`]: {
      status: 200,
      body: { id: 'e'.repeat(24), slug: 'engineering', name: 'Engineering', can: { invite_internal: canInvite } },
    },
  });
  renderUi(
    <Routes>
      <Route path="/groups/:groupSlug/membership_invites/new" element={<NewInvitePage />} />
    </Routes>,
    { path: '/groups/engineering/membership_invites/new' },
  );
  return calls;
}

describe('/groups/{slug}/membership_invites/new', () => {
  it('asks for at least one member or group before sending anything', async () => {
    const calls = show(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitations' }));
    expect(await screen.findAllByText('Pick at least one member or group.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says so where the member may not invite', async () => {
    show(false);
    expect(await screen.findByText('You cannot invite to this group')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invitations' })).toBeNull();
  });
});

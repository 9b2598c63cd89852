import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { GroupPage } from '../pages/group-page.tsx';

vi.mock('../../chat/index.ts', () => ({ useChatProfile: () => ({ profile: { can: { chat: true } } }) }));

const ID = '0123456789abcdef01234567';

const GROUP: Group = {
  id: ID,
  slug: 'engineering',
  name: 'Engineering',
  group_category_id: 'c1',
  category_id: 'c1',
  access: 'open',
  moderated_join: false,
  members_can_invite: true,
  chat: 'enabled',
  sensitive: false,
  archived: false,
  externally_visible: false,
  teaser: 'Builders of the platform',
  description: '<p>We build <strong>everything</strong>.</p>',
  invites_restricted: false,
  active_main_group: false,
  hidden_main_group: false,
  profile_image: null,
  member_count: 12,
  membership_status_of_current_member: 'no_member',
  i_haz_subscription: false,
  favorited: false,
  invite: null,
  active_theme: null,
  root_folder_id: null,
  can: {
    join: true,
    join_moderated: false,
    leave: false,
    archive: false,
    destroy: false,
    create_hidden: false,
    invite_internal: false,
    invite_external: false,
    invite_external_guests: false,
    update: false,
  },
};

const MEMBER: Group = {
  ...GROUP,
  member_count: 13,
  membership_status_of_current_member: 'member',
  i_haz_subscription: true,
  can: { ...GROUP.can, join: false, leave: true },
};

type Answers = Record<string, { status: number; body?: unknown }>;

function renderGroup(group: Group, more: Answers = {}) {
  const answers: Answers = { 'GET /api/v1/groups/engineering': { status: 200, body: group }, ...more };
  const calls = stubFetch(answers);
  const view = renderUi(
    <Routes>
      <Route path="/groups/:groupSlug" element={<GroupPage />} />
    </Routes>,
    { path: '/groups/engineering' },
  );
  return { ...view, calls, answers };
}

const hubLinks = () =>
  within(screen.getByRole('navigation', { name: 'In this group' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the group hub', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearToasts();
  });

  it('shows what the group is, links its members, and lets an outsider join an open group', async () => {
    const { calls, answers } = renderGroup(GROUP, {
      [`POST /api/v1/groups/${ID}/join`]: { status: 200, body: MEMBER },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineering' })).toBeTruthy();
    expect(screen.getByText('Builders of the platform')).toBeTruthy();
    expect(screen.getByText('everything').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '12 members' }).getAttribute('href')).toBe('/groups/engineering/members');
    // No chat before joining, no administration without the right; the map only where maps are on.
    expect(hubLinks()).toEqual(['/groups/engineering/calendars', '/groups/engineering/members']);
    expect(screen.queryByRole('button', { name: 'Add to favourites' })).toBeNull();
    expect(await axeViolations()).toEqual([]);

    answers['GET /api/v1/groups/engineering'] = { status: 200, body: MEMBER };
    fireEvent.click(screen.getByRole('button', { name: 'Join group' }));
    expect(await screen.findByRole('button', { name: 'Leave group' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/groups/${ID}/join`)).toBe(true);
    expect(await screen.findByText('You are now a member of the group.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '13 members' })).toBeTruthy();
    expect(hubLinks()).toContain(`/chat/group/${ID}`);
    expect(screen.getByRole('button', { name: 'Add to favourites' }).getAttribute('aria-pressed')).toBe('false');
  }, 20_000);

  it('asks to join a moderated group and withdraws the request after confirming', async () => {
    const moderated = { ...GROUP, moderated_join: true, can: { ...GROUP.can, join: false, join_moderated: true } };
    const waiting: Group = {
      ...moderated,
      membership_status_of_current_member: 'in_moderation',
      can: { ...moderated.can, join_moderated: false },
    };
    const { calls, answers } = renderGroup(moderated, {
      [`POST /api/v1/groups/${ID}/join`]: { status: 200, body: waiting },
      [`DELETE /api/v1/groups/${ID}/join`]: { status: 200, body: moderated },
    });
    expect(await screen.findByText("The group's administrators decide on requests to join.")).toBeTruthy();
    answers['GET /api/v1/groups/engineering'] = { status: 200, body: waiting };
    fireEvent.click(screen.getByRole('button', { name: 'Request to join' }));
    expect(await screen.findByText("Your request to join is waiting for the group's administrators.")).toBeTruthy();

    answers['GET /api/v1/groups/engineering'] = { status: 200, body: moderated };
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'Request to join' })).toBeTruthy();
    expect(calls.filter((c) => c.path === `/api/v1/groups/${ID}/join`).map((c) => c.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });

  it('leaves only after confirming, and says why the last admin cannot', async () => {
    const { calls } = renderGroup(MEMBER, {
      [`DELETE /api/v1/groups/${ID}/join`]: { status: 422, body: { errors: { base: ['last_admin'] } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave group?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Leave group' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The group needs an administrator: appoint another admin first.')).toBeTruthy();
  });

  it('toggles the subscription and the star', async () => {
    const { calls } = renderGroup(MEMBER, {
      [`DELETE /api/v1/groups/${ID}/subscribe`]: { status: 200, body: { ...MEMBER, i_haz_subscription: false } },
      [`POST /api/v1/groups/${ID}/favorite`]: { status: 200, body: { favorited: true } },
    });
    const subscribed = await screen.findByRole('button', { name: 'Subscribed' });
    expect(subscribed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(subscribed);
    expect(await screen.findByText("You no longer receive the group's news.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([`DELETE /api/v1/groups/${ID}/subscribe`, `POST /api/v1/groups/${ID}/favorite`]),
    );
  });

  it('answers an open invitation through the invites calls', async () => {
    const invited: Group = {
      ...GROUP,
      access: 'closed',
      membership_status_of_current_member: 'invited',
      invite: { id: 'invite-7' },
      can: { ...GROUP.can, join: false, join_moderated: true },
    };
    const { calls } = renderGroup(invited, { 'POST /api/v1/invites/invite-7/accept': { status: 200, body: {} } });
    expect(await screen.findByText('You have been invited to this group.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request to join' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Invitation accepted: you are now a member.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/invites/invite-7/accept')).toBe(true);
  });

  it('says an archived group takes nobody, in German too, and shows the administration to its admins', async () => {
    await i18n.changeLanguage('de');
    renderGroup({
      ...GROUP,
      archived: true,
      membership_status_of_current_member: 'no_member',
      can: { ...GROUP.can, join: false, archive: true },
    });
    expect(await screen.findByText('Diese Gruppe ist archiviert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gruppe beitreten' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'In dieser Gruppe' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('/groups/engineering/administration');
    expect(await axeViolations()).toEqual([]);
  });
});

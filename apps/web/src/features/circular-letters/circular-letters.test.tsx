import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ActivitystreamList, CircularLetterAcknowledgements, DirectoryGroupOption } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { stubFetch } from '../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../ui/testing.tsx';
import { UserMenuDropdown } from '../../app/shell/user-menu-dropdown.tsx';
import type { ShellContext } from '../../app/registry.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { AcknowledgementsModal, circularLettersFeature } from './index.ts';
import { CircularLetterPage } from './pages/circular-letter-page.tsx';

const ME = 'a'.repeat(24);
const TEAM = '1'.repeat(24);
const BOARD = '2'.repeat(24);
const LETTER = '9'.repeat(24);

const session = (networkAdmin: boolean) => ({
  status: 200,
  body: {
    member: { id: ME, displayName: 'Anna Admin', network_admin: networkAdmin },
    csrf_token: 'csrf',
    locale: 'en',
  },
});
const streams = (allowed: boolean) => ({
  status: 200,
  body: {
    all: null,
    categories: [],
    subscriptions_enabled: true,
    can: { create_circular_letter: allowed },
  } as unknown as ActivitystreamList,
});
const team: DirectoryGroupOption = {
  type: 'group',
  id: TEAM,
  slug: 'team',
  name: 'Team',
  category: { id: 'c'.repeat(24), name: 'Teams' },
  chat_enabled: false,
};
const profile = {
  status: 200,
  body: {
    id: ME,
    groups: [
      {
        id: TEAM,
        slug: 'team',
        name: 'Team',
        path: '/groups/team',
        archived: false,
        admin: true,
        category: { id: 'c', name: 'Teams', plural_name: 'Teams' },
      },
      {
        id: BOARD,
        slug: 'board',
        name: 'Board',
        path: '/groups/board',
        archived: false,
        admin: false,
        category: { id: 'c', name: 'Teams', plural_name: 'Teams' },
      },
    ],
  },
};

function show(path: string, answers: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({
    'POST /api/v1/circular_letters': { status: 201, body: { id: LETTER } },
    ...answers,
  });
  const view = renderUi(
    <Routes>
      <Route path="/rundschreiben" element={<CircularLetterPage />} />
      <Route path="/groups/:groupSlug/rundschreiben" element={<CircularLetterPage />} />
      <Route path="/activities/:id" element={<p>Activity page</p>} />
    </Routes>,
    { path },
  );
  return { calls, router: view.router };
}

async function write(text: string) {
  const box = (await screen.findByRole('textbox', { name: 'Write the letter …' }, { timeout: 5000 })) as HTMLElement & {
    editor: Editor;
  };
  act(() => {
    box.editor.commands.insertContent(text);
  });
}
const send = () => screen.getByRole('button', { name: 'Send' });
const posted = (calls: ReturnType<typeof stubFetch>) =>
  calls.find((c) => c.method === 'POST' && c.path === '/api/v1/circular_letters')?.body;

beforeEach(async () => {
  clearToasts();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('/rundschreiben', { timeout: 20_000 }, () => {
  it('tells members who may not write circular letters so', async () => {
    show('/rundschreiben', { 'GET /api/v1/session': session(false), 'GET /activitystreams.json': streams(false) });
    expect(await screen.findByText('No circular letters for you')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).toBeNull();
  });

  it('lets a network administrator write to chosen groups, then shows the letter', async () => {
    const { calls, router } = show('/rundschreiben', {
      'GET /api/v1/session': session(true),
      'GET /activitystreams.json': streams(true),
      'GET /directory?q=Te': { status: 200, body: { groups: [team], membership_roles: [], limit: 20 } },
    });
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await write('Dear all');
    expect(send()).toHaveProperty('disabled', true);
    expect(screen.getByText('Enter a subject.')).toBeTruthy();
    fireEvent.change(subject, { target: { value: 'Summer party' } });
    expect(screen.getByText('Choose at least one group, or all members.')).toBeTruthy();

    const groups = screen.getByRole('textbox', { name: 'Groups' });
    fireEvent.focus(groups);
    fireEvent.change(groups, { target: { value: 'Te' } });
    fireEvent.click(await screen.findByRole('option', { name: /Team/ }, { timeout: 3000 }));
    await waitFor(() => expect(send()).toHaveProperty('disabled', false));
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/activities/${LETTER}`));
    expect(posted(calls)).toEqual({
      circular_letter: {
        subject: 'Summer party',
        content: '<p>Dear all</p>',
        group_ids: [TEAM],
        to_all_network_members: false,
        files: [],
        images: [],
      },
    });
    expect(await screen.findByText('The circular letter has been sent.')).toBeTruthy();
  });

  it('sends to all members with the switch, and keeps the text when the server refuses', async () => {
    const { calls } = show('/rundschreiben', {
      'GET /api/v1/session': session(true),
      'GET /activitystreams.json': streams(true),
      'POST /api/v1/circular_letters': { status: 422, body: { errors: { subject: ['required'] } } },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Subject' }), { target: { value: 'To everyone' } });
    fireEvent.click(screen.getByRole('switch', { name: 'To all members of the network' }));
    expect(screen.getByText('Every member of the network receives this letter by mail.')).toBeTruthy();
    await write('Hello');
    await waitFor(() => expect(send()).toHaveProperty('disabled', false));
    fireEvent.click(send());
    expect(await screen.findByText('The circular letter could not be sent.')).toBeTruthy();
    expect(posted(calls)).toMatchObject({ circular_letter: { group_ids: [], to_all_network_members: true } });
    expect(screen.getByRole('textbox', { name: 'Write the letter …' }).textContent).toBe('Hello');
  });

  it('offers a group administrator the groups they administrate, the current one chosen', async () => {
    const { calls } = show('/groups/team/rundschreiben', {
      'GET /api/v1/session': session(false),
      'GET /activitystreams.json': streams(true),
      [`GET /members/${ME}`]: profile,
      'GET /api/v1/groups/team': {
        status: 200,
        body: { id: TEAM, slug: 'team', name: 'Team', category_id: 'c'.repeat(24), chat: 'disabled' },
      },
    });
    const box = await screen.findByRole('checkbox', { name: /Team/ }, { timeout: 3000 });
    expect(box).toHaveProperty('checked', true);
    expect(screen.queryByRole('checkbox', { name: /Board/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Team news' } });
    await write('For the team');
    await waitFor(() => expect(send()).toHaveProperty('disabled', false));
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toMatchObject({ circular_letter: { group_ids: [TEAM] } }));
  });
});

describe('AcknowledgementsModal', () => {
  function Opener() {
    const [opened, setOpened] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpened(true)}>
          Who read it
        </button>
        <AcknowledgementsModal
          activityId={LETTER}
          subject="Summer party"
          opened={opened}
          onClose={() => setOpened(false)}
        />
      </>
    );
  }

  it('lists who acknowledged (with the time) and who has not yet', async () => {
    const answer: CircularLetterAcknowledgements = {
      acknowledged: [
        { id: 'b'.repeat(24), name: 'Max Mustermann', path: '/members/b', acknowledged_at: '2030-03-01T09:30:00Z' },
      ],
      pending: [{ id: 'c'.repeat(24), name: 'Lena Schmidt', path: '/members/c' }],
    };
    const calls = stubFetch({ [`GET /api/v1/activities/${LETTER}/acknowledgements`]: { status: 200, body: answer } });
    renderUi(<Opener />);
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Who read it' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    const row = await within(dialog).findByRole('row', { name: /Max Mustermann/ });
    expect(row.textContent).toMatch(/01\.03\.2030 \d\d:30/);
    fireEvent.click(within(dialog).getByRole('tab', { name: /Pending/ }));
    expect(await within(dialog).findByRole('link', { name: 'Lena Schmidt' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the user menu', () => {
  const context = {
    network: networkShell(),
    member: { id: ME, displayName: 'Anna Admin', is_external: false },
    unreads: undefined,
  } as unknown as ShellContext;

  for (const allowed of [true, false]) {
    it(`${allowed ? 'links' : 'does not link'} the editor when the server ${allowed ? 'allows' : 'refuses'} it`, async () => {
      stubFetch({ 'GET /activitystreams.json': streams(allowed) });
      renderUi(
        <UserMenuDropdown
          context={context}
          entries={circularLettersFeature.userMenu ?? []}
          trigger={<button type="button">Menu</button>}
        />,
      );
      expect(await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 3000 })).toBeTruthy();
      if (allowed) {
        const link = await screen.findByRole('menuitem', { name: 'Write a circular letter' });
        expect(link.getAttribute('href')).toBe('/rundschreiben');
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(screen.queryByRole('menuitem', { name: 'Write a circular letter' })).toBeNull();
      }
    });
  }
});

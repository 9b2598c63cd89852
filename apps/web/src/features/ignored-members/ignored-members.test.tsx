import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentSession, IgnoredMember } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { sessionQuery } from '../session/index.ts';
import { stubFetch } from '../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../ui/testing.tsx';
import { IgnoredContent } from './components/ignored-content.tsx';
import { IgnoreButton } from './components/ignore-button.tsx';
import { IgnoredMembersPage } from './pages/ignored-members-page.tsx';

const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const MAX = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const OTHER = 'cccccccccccccccccccccccc';

const MAX_IGNORED: IgnoredMember = {
  id: MAX,
  name: 'Max Member',
  path: `/members/${MAX}`,
  images: { small: null, medium: null, large: null },
  is_external: false,
  ignored_at: '2026-03-05T10:00:00Z',
};

/** My list (when given) and more answers; each call recorded. */
function stubServer(ignored: IgnoredMember[] | null, more: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...(ignored ? { [`GET /members/${ME}/ignored`]: { status: 200, body: { ignored_members: ignored } } } : {}),
    ...more,
  });
}

/** Rendered as the app does, with the session the shell has loaded. */
function render(element: Parameters<typeof renderUi>[0], options?: Parameters<typeof renderUi>[1]) {
  const view = renderUi(element, options);
  view.queryClient.setQueryData(sessionQuery.queryKey, {
    member: { id: ME },
    csrf_token: 'csrf',
    locale: 'de',
  } as unknown as CurrentSession);
  return view;
}

const confirmDialog = async () => within(await screen.findByRole('dialog'));

describe('ignored members', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists the members one ignores and stops ignoring one after confirming', async () => {
    const calls = stubServer([MAX_IGNORED], {
      [`DELETE /members/${MAX}/ignore`]: { status: 200, body: { id: MAX, ignored: false } },
    });
    render(
      <Routes>
        <Route path="/members/:membershipId/ignored" element={<IgnoredMembersPage />} />
      </Routes>,
      { path: `/members/${ME}/ignored` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ignorierte Mitglieder' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Max Member' });
    expect(link.getAttribute('href')).toBe(`/members/${MAX}`);
    expect(screen.getByText('Ignoriert seit 05.03.2026')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Nicht mehr ignorieren' }));
    const dialog = await confirmDialog();
    expect(dialog.getByText('Max Member nicht mehr ignorieren?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Nicht mehr ignorieren' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `/members/${MAX}/ignore`)).toBe(true),
    );
    expect(await screen.findByText('Sie ignorieren Max Member nicht mehr.')).toBeTruthy();
  });

  it('says so when one ignores nobody', async () => {
    stubServer([]);
    render(
      <Routes>
        <Route path="/members/:membershipId/ignored" element={<IgnoredMembersPage />} />
      </Routes>,
      { path: `/members/${ME}/ignored` },
    );
    expect(await screen.findByText('Sie ignorieren niemanden.')).toBeTruthy();
  });

  it("collapses what an ignored member wrote, shows it on demand, and leaves others' content", async () => {
    stubServer([MAX_IGNORED]);
    render(
      <>
        <IgnoredContent author={{ id: MAX, name: 'Max Member' }} ignored={false}>
          <p>Max writes</p>
        </IgnoredContent>
        <IgnoredContent author={{ id: ME, name: 'Me' }}>
          <p>I write</p>
        </IgnoredContent>
      </>,
    );
    expect(await screen.findByText('Ausgeblendet: Sie ignorieren Max Member')).toBeTruthy();
    expect(screen.queryByText('Max writes')).toBeNull();
    expect(screen.getByText('I write')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Einblenden' }));
    expect(screen.getByText('Max writes')).toBeTruthy();
  });

  it("follows the server's mark until the member's own list is there", async () => {
    stubFetch({});
    render(
      <>
        <IgnoredContent author={{ id: MAX, name: 'Max Member' }} ignored>
          <p>Max writes</p>
        </IgnoredContent>
        <IgnoredContent author={{ id: ME, name: 'Other' }} ignored={false}>
          <p>Other writes</p>
        </IgnoredContent>
      </>,
    );
    expect(await screen.findByText('Ausgeblendet: Sie ignorieren Max Member')).toBeTruthy();
    expect(screen.getByText('Other writes')).toBeTruthy();
  });

  it("ignores a member from their profile's button after confirming", async () => {
    const calls = stubServer([], {
      [`POST /members/${MAX}/ignore`]: { status: 200, body: { id: MAX, ignored: true } },
    });
    render(<IgnoreButton member={{ id: MAX, displayName: 'Max Member', can: { ignore: true } }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ignorieren' }));
    const dialog = await confirmDialog();
    expect(dialog.getByText('Max Member ignorieren?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Ignorieren' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/members/${MAX}/ignore`)).toBe(true),
    );
    expect(await screen.findByText('Sie ignorieren jetzt Max Member.')).toBeTruthy();
  });

  it('offers no ignoring where the member may not be ignored, but stopping where they are ignored', async () => {
    stubServer([MAX_IGNORED]);
    render(
      <>
        <IgnoreButton member={{ id: OTHER, displayName: 'An Administrator', can: { ignore: false } }} />
        <IgnoreButton member={{ id: MAX, displayName: 'Max Member', can: { ignore: false } }} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Nicht mehr ignorieren' })).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { overview } from '../testing/fixtures.ts';
import { HeaderSearch } from './header-search.tsx';

describe('header search', () => {
  it('asks once the typing pauses, offers modules and hits, and opens all results with Enter', async () => {
    const calls = stubFetch({ 'GET /search.json?q=coffee': { status: 200, body: overview() } });
    const { router } = renderUi(<HeaderSearch />, { path: '/' });
    const input = screen.getByRole('textbox', { name: 'Search' });
    for (const value of ['c', 'co', 'cof', 'coffee']) fireEvent.change(input, { target: { value } });

    expect(await screen.findByText('Post 1 about coffee')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/search.json?q=coffee']);
    // A few hits per module, the module list with calendars.
    expect(screen.queryByText('Post 4 about coffee')).toBeNull();
    expect(screen.getByRole('option', { name: 'Calendars' })).toBeTruthy();

    // Enter confirming an input method's character opens nothing.
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', isComposing: true });
    expect(router.state.location.pathname).toBe('/');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=coffee'));
  });

  it('opens the chosen entry with the arrow keys and Enter, and closes with Escape', async () => {
    stubFetch({ 'GET /search.json?q=coffee': { status: 200, body: overview() } });
    const { router } = renderUi(<HeaderSearch />, { path: '/' });
    const input = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'coffee' } });
    expect(await screen.findByRole('option', { name: 'Activities' })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Activities' })).toBeNull());

    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=coffee&module=messages'));
  });

  it("offers the group's own search first on a group's pages, and everything as well", async () => {
    stubFetch({
      'GET /search.json?q=coffee': { status: 200, body: overview() },
      'GET /api/v1/groups/garden-club': { status: 200, body: { id: 'g1', slug: 'garden-club', name: 'Garden club' } },
    });
    const { router } = renderUi(<HeaderSearch />, { path: '/groups/garden-club/files' });
    const input = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'coffee' } });
    expect(await screen.findByRole('option', { name: '“coffee” in Garden club' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'All results for “coffee”' })).toBeTruthy();

    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/groups/garden-club/search?q=coffee'),
    );
  });

  it('offers no group search elsewhere', async () => {
    stubFetch({ 'GET /search.json?q=coffee': { status: 200, body: overview() } });
    renderUi(<HeaderSearch />, { path: '/groups/new/teams' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'coffee' } });
    expect(await screen.findByRole('option', { name: 'Activities' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /in this group/ })).toBeNull();
  });
});

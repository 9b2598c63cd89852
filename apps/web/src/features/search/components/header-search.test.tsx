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
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { activity, group, member, overview, result } from '../testing/fixtures.ts';
import { SearchPage } from './search-page.tsx';

const OVERVIEW = 'GET /search.json?q=coffee';

function show(path: string, answers: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({ [OVERVIEW]: { status: 200, body: overview() }, ...answers });
  const view = renderUi(
    <Routes>
      <Route path="/search" element={<SearchPage />} />
      <Route path="/groups/:groupSlug/search" element={<SearchPage />} />
    </Routes>,
    { path },
  );
  return { calls, ...view };
}

describe('/search', () => {
  it('invites to search while there is no query', async () => {
    const { calls } = show('/search', {});
    expect(await screen.findByText('What are you looking for?')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/search.json'))).toEqual([]);
  });

  it('shows a section per module with hits and the counts, and switches module by the filter', async () => {
    const { router } = show('/search?q=coffee', {});
    const activities = await screen.findByRole('region', { name: 'Activities' });
    expect(within(activities).getAllByTestId('search-hit')).toHaveLength(5);
    expect(within(activities).getByRole('link', { name: 'More results' }).getAttribute('href')).toBe(
      '/search?q=coffee&module=activities',
    );
    expect(screen.getByRole('region', { name: 'Messages' })).toBeTruthy();
    // Modules without hits get no section, but a filter button with their count.
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
    expect(screen.getByTestId('count-all').textContent).toBe('13');
    expect(screen.getByTestId('count-activities').textContent).toBe('12');
    expect(screen.getByTestId('count-memberships').textContent).toBe('0');

    fireEvent.click(screen.getByRole('link', { name: /^Messages/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=coffee&module=messages'));
  });

  it('shows a count the server stopped at as at least that many', async () => {
    show('/search?q=coffee', {
      [OVERVIEW]: {
        status: 200,
        body: { activities_query: result([activity(1)], { total: 1000, total_capped: true }) },
      },
    });
    expect((await screen.findByTestId('count-activities')).textContent).toBe('1000+');
    expect(screen.getByTestId('count-all').textContent).toBe('1000+');
  });

  it('marks the matches and shows any other markup as text', async () => {
    const hit = activity(1, 'plain');
    show('/search?q=coffee', {
      [OVERVIEW]: {
        status: 200,
        body: {
          activities_query: result([hit], {
            meta: {
              highlight: { [hit.id]: { content: ['&lt;b&gt;fresh&lt;/b&gt; <mark>coffee</mark> <img src=x>'] } },
            },
          }),
        },
      },
    });
    const mark = await screen.findByText('coffee', { selector: 'mark' });
    const preview = mark.parentElement!;
    expect(preview.textContent).toBe('<b>fresh</b> coffee <img src=x>');
    expect(preview.querySelector('b, img')).toBeNull();
  });

  it('pages and sorts one module, with the counts of the overview and a way to search everywhere', async () => {
    const page = (n: number) => result([activity(n)], { total: 45, per: 20, page: n });
    const { calls, router } = show('/search?q=coffee&module=activities', {
      'GET /search.json?q=coffee&module=activities': { status: 200, body: { activities_query: page(1) } },
      'GET /search.json?q=coffee&module=activities&page=3': { status: 200, body: { activities_query: page(3) } },
      'GET /search.json?q=coffee&module=activities&sort_by=newest': {
        status: 200,
        body: { activities_query: { ...page(1), sort_by: 'newest' } },
      },
    });
    expect(await screen.findByText('Results 1–1 of 45')).toBeTruthy();
    expect((await screen.findByTestId('count-activities')).textContent).toBe('12');
    expect(screen.getByRole('link', { name: 'Search everywhere' }).getAttribute('href')).toBe('/search?q=coffee');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Results 41–41 of 45')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=coffee&module=activities&page=3');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=coffee&module=activities&sort_by=newest'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('sort_by=newest'))).toBe(true));
  });

  it('says when a module has nothing, and links members to the directory', async () => {
    show('/search?q=coffee&module=messages', {
      'GET /search.json?q=coffee&module=messages': { status: 200, body: { messages_query: result([]) } },
      'GET /search.json?q=coffee&module=memberships': {
        status: 200,
        body: { memberships_query: result([member(1)]) },
      },
    });
    expect(await screen.findByText('No results')).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: /^Members/ }));
    expect((await screen.findByRole('link', { name: 'All members matching “coffee”' })).getAttribute('href')).toBe(
      '/members?q=coffee',
    );
    expect(screen.getByRole('link', { name: 'Coffee Fan 1' }).getAttribute('href')).toMatch(/^\/members\//);
  });

  it('shows a group with how open it is and how many members and posts it has', async () => {
    show('/search?q=coffee&module=groups', {
      'GET /search.json?q=coffee&module=groups': {
        status: 200,
        body: {
          groups_query: result([group(1), { ...group(2), access: 'closed', member_count: 1, activity_count: 0 }]),
        },
      },
    });
    const [first, second] = await screen.findAllByTestId('search-hit');
    expect(within(first!).getByText('Open group')).toBeTruthy();
    expect(within(first!).getByText('12 members')).toBeTruthy();
    expect(within(first!).getByText('1 post')).toBeTruthy();
    expect(within(second!).getByText('1 member')).toBeTruthy();
    expect(within(second!).getByText('0 posts')).toBeTruthy();
  });

  it('shows the loading error when the search fails', async () => {
    show('/groups/team/search?q=coffee', {
      'GET /groups/team/search.json?q=coffee': { status: 500, body: { error: 'internal' } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Loading failed.');
    expect(screen.getByRole('link', { name: 'Search everywhere' }).getAttribute('href')).toBe('/search?q=coffee');
  });
});

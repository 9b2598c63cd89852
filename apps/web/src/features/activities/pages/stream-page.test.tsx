import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_REALTIME_EVENTS, type Activity } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import {
  ENGINEERING,
  GENERAL,
  LENA,
  NETWORK_ID,
  SELF,
  SESSION,
  activity,
  activityId,
  ok,
  postableList,
  streamList,
  stubApi,
} from '../testing/fixtures.ts';
import { MemberActivitiesPage, MemberLikesPage, StreamPage } from './stream-page.tsx';

// The live events come over the app's one connection: the test hands them over itself.
const live = vi.hoisted(() => ({ handlers: new Map<string, Set<(payload: unknown) => void>>() }));
vi.mock('../../../app/realtime.ts', () => ({
  onRealtime: (event: string, handler: (payload: unknown) => void) => {
    const set = live.handlers.get(event) ?? new Set();
    set.add(handler);
    live.handlers.set(event, set);
    return () => set.delete(handler);
  },
}));
function emit(event: string, payload: unknown) {
  act(() => live.handlers.get(event)?.forEach((handler) => handler(payload)));
}

beforeEach(async () => {
  clearToasts();
  live.handlers.clear();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

const BASE = {
  'GET /api/v1/session': ok(SESSION),
  'GET /activitystreams.json': ok(streamList()),
  'GET /activitystreams.json?postable=true': ok(postableList()),
  [`POST /api/v1/activitystreams/${NETWORK_ID}/read`]: ok(),
  [`POST /api/v1/activitystreams/${GENERAL.id}/read`]: ok(),
  [`POST /api/v1/activitystreams/${ENGINEERING.id}/read`]: ok(),
  'GET /api/v1/groups/engineering': ok({ id: ENGINEERING.id, slug: 'engineering', name: 'Engineering' }),
};

function show(path: string, answers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({ ...BASE, ...answers });
  const view = renderUi(
    <Routes>
      <Route path="/activitystreams" element={<StreamPage />} />
      <Route path="/activitystreams/:streamSlug" element={<StreamPage />} />
      <Route path="/activitystreams/:streamSlug/:filter" element={<StreamPage />} />
      <Route path="/groups/:groupSlug/activitystreams" element={<StreamPage />} />
      <Route path="/members/:membershipId/activities" element={<MemberActivitiesPage />} />
      <Route path="/members/:membershipId/likes" element={<MemberLikesPage />} />
    </Routes>,
    { path },
  );
  return { calls, ...view };
}

const SLOW = { timeout: 8000 };
const page = (activities: Activity[], next: string | null = null) => ok({ activities, next_before: next });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => activity(to - i));

describe('the stream pages', { timeout: 20_000 }, () => {
  it("lists the member's home stream, marks it read and pages on", async () => {
    const first = range(2, 21);
    const { calls } = show('/activitystreams', {
      'GET /api/v1/activities?stream=all&subscribed=true': page(first, activityId(2)),
      [`GET /api/v1/activities?stream=all&subscribed=true&before=${activityId(2)}`]: page([activity(1)]),
    });
    expect(await screen.findByRole('heading', { name: 'My stream' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(20), SLOW);
    expect(screen.getAllByTestId('activity-card')[0]!.textContent).toContain('Post 21');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/activitystreams/${NETWORK_ID}/read`)).toBe(
        true,
      ),
    );
    // No subscription on the home; the stream's own posts link to their stream.
    expect(screen.queryByTestId('subscribe-switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(21), SLOW);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  }, 40_000);

  it('filters by the tabs and by a tag that can be removed', async () => {
    const { calls, router } = show('/activitystreams/general?tag=it', {
      'GET /api/v1/activities?stream=general&tag=it': page([activity(1)]),
      'GET /api/v1/activities?stream=general': page([activity(1), activity(2)]),
      'GET /api/v1/activities?stream=general&filter=questions&tag=it': page([]),
    });
    expect(await screen.findByRole('heading', { name: 'General' }, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('tag-filter')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(1), SLOW);

    const filters = screen.getByRole('navigation', { name: 'Filter' });
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(filters).getByRole('link', { name: 'Questions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activitystreams/general/questions'));
    expect(router.state.location.search).toBe('?tag=it');
    expect(await screen.findByTestId('stream-empty')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/activities?stream=general&filter=questions&tag=it')).toBe(true);

    fireEvent.click(within(filters).getByRole('link', { name: 'All' }));
    await waitFor(() =>
      expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(router.state.location.search).toBe('?tag=it');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the tag filter it' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(2), SLOW);
    expect(router.state.location.search).toBe('');
  }, 40_000);

  it('subscribes to a stream but never offers it on all', async () => {
    const { calls, router } = show('/activitystreams/general', {
      'GET /api/v1/activities?stream=general': page([]),
      'GET /api/v1/activities?stream=all': page([]),
      [`DELETE /api/v1/activitystreams/${GENERAL.id}/subscribe`]: ok(),
    });
    const toggle = await screen.findByRole('switch', { name: 'Show in my stream' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/activitystreams/${GENERAL.id}/subscribe`),
      ).toBe(true),
    );
    await router.navigate('/activitystreams/all');
    expect(await screen.findByRole('heading', { name: 'All activities' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("shows a group's stream within the group", async () => {
    const { calls } = show('/groups/engineering/activitystreams', {
      [`GET /api/v1/activities?stream=engineering&group_id=${ENGINEERING.id}`]: page([activity(1)]),
    });
    expect(await screen.findByRole('heading', { name: 'Engineering' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(1), SLOW);
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === `/api/v1/activitystreams/${ENGINEERING.id}/read`),
      ).toBe(true),
    );
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('announces new posts of others in a banner and loads them on a click', async () => {
    let served = [activity(1)];
    show('/activitystreams/general', {
      'GET /api/v1/activities?stream=general': () => page(served),
    });
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(1), SLOW);
    const event = (n: number, streams = [GENERAL.id], actor = LENA.id) => ({
      id: activityId(n),
      activitystream_ids: streams,
      actor_id: actor,
    });
    emit(ACTIVITY_REALTIME_EVENTS.created, event(2));
    emit(ACTIVITY_REALTIME_EVENTS.created, event(3));
    emit(ACTIVITY_REALTIME_EVENTS.created, event(3));
    // Not for this stream, or the member's own: no banner for them.
    emit(ACTIVITY_REALTIME_EVENTS.created, event(4, [ENGINEERING.id]));
    emit(ACTIVITY_REALTIME_EVENTS.created, event(5, [GENERAL.id], SELF.id));
    const banner = await screen.findByTestId('new-posts-banner');
    expect(banner.textContent).toBe('2 new posts');
    // The list does not jump meanwhile.
    expect(screen.getAllByTestId('activity-card')).toHaveLength(1);
    served = [activity(3), activity(2), activity(1)];
    fireEvent.click(banner);
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(3), SLOW);
    expect(screen.queryByTestId('new-posts-banner')).toBeNull();
  });

  it('posts a note to the stream shown and puts it at the top', async () => {
    const posted = activity(9, {
      actor: SELF,
      object: { ...activity(9).object, content: '<p>Hello all</p>', plain_content: 'Hello all' },
    });
    const { calls } = show('/activitystreams/general', {
      'GET /api/v1/activities?stream=general': page([activity(1)]),
      'POST /api/v1/activities': { status: 201, body: posted },
    });
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(1), SLOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Share something with your colleagues …' }));
    const textbox = (await screen.findByRole(
      'textbox',
      {
        name: 'Share something with your colleagues …',
      },
      SLOW,
    )) as HTMLElement & { editor: Editor };
    act(() => {
      textbox.editor.commands.setContent('<p>Hello all</p>', { emitUpdate: true });
    });
    // The stream shown is the target; a question instead of a note.
    const composer = screen.getByTestId('post-composer');
    expect(within(composer).getByText('General')).toBeTruthy();
    fireEvent.click(within(composer).getByText('Question'));
    const submit = within(composer).getByRole('button', { name: 'Post' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Your post has been published.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/activities');
    expect(post?.body).toMatchObject({
      activity: { content: '<p>Hello all</p>', activitystream_ids: [GENERAL.id], type: 'question' },
    });
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(2), SLOW);
    expect(screen.getAllByTestId('activity-card')[0]!.textContent).toContain('Hello all');
  }, 40_000);

  it("lists a member's posts and likes", async () => {
    const member = LENA.id;
    const { router } = show(`/members/${member}/activities`, {
      [`GET /api/v1/activities?member_id=${member}`]: page([activity(1)]),
      [`GET /api/v1/members/${member}/likes`]: page([]),
    });
    expect(await screen.findByRole('heading', { name: 'Posts' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-card')).toHaveLength(1), SLOW);
    await router.navigate(`/members/${member}/likes`);
    expect(await screen.findByText('No liked posts yet')).toBeTruthy();
  });
});

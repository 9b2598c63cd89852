import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ActivityPage } from '../pages/activity-page.tsx';
import { LENA, SESSION, activity, image, ok, reply, stubApi } from '../testing/fixtures.ts';
import { ActivityCard } from './activity-card.tsx';

beforeEach(async () => {
  clearToasts();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

const SLOW = { timeout: 8000 };

function card(value: Activity, answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ 'GET /api/v1/session': ok(SESSION), ...answers });
  const view = renderUi(<ActivityCard activity={value} />);
  return { calls, ...view };
}

describe('the activity card', { timeout: 20_000 }, () => {
  it('shows the first image large, seven small and how many more, each opening the image', async () => {
    const images = Array.from({ length: 11 }, (_, i) => image(i + 1));
    card(activity(1, { attachments: images }));
    const thumbnails = await screen.findByTestId('thumbnails');
    expect(within(thumbnails).getAllByTestId('thumbnail-large')).toHaveLength(1);
    expect(within(thumbnails).getAllByTestId('thumbnail-small')).toHaveLength(7);
    const more = within(thumbnails).getByTestId('thumbnail-more');
    expect(more.textContent).toBe('+3');
    expect(more.getAttribute('aria-label')).toBe('3 more images');
    expect(within(thumbnails).getAllByRole('link')[0]!.getAttribute('href')).toBe('/storage/images/1.jpg');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows eight images without an ellipsis, and one alone large', async () => {
    const { unmount } = card(activity(1, { attachments: Array.from({ length: 8 }, (_, i) => image(i + 1)) }));
    expect(await screen.findAllByTestId('thumbnail-small')).toHaveLength(7);
    expect(screen.queryByTestId('thumbnail-more')).toBeNull();
    unmount();
    card(activity(2, { attachments: [image(1)] }));
    expect(await screen.findAllByTestId('thumbnail-large')).toHaveLength(1);
    expect(screen.queryByTestId('thumbnail-small')).toBeNull();
  });

  it('cuts a long text at 500 characters until "read more"', async () => {
    const long = `${'word '.repeat(150)}end`;
    card(activity(1, { object: { ...activity(1).object, content: `<p>${long}</p>`, plain_content: long } }));
    const cut = await screen.findByTestId('activity-content');
    expect(cut.textContent!.length).toBeLessThanOrEqual(501);
    expect(cut.textContent).not.toContain('end');
    fireEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect((await screen.findByTestId('activity-content')).textContent).toContain('end');
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });

  it('renders mentions as links, tags as chips to the tag filter, and a question as such', async () => {
    const content =
      '<p>Hi <span data-type="mention" data-id="cccccccccccccccccccccccc" data-label="Lena" data-marker="@">@Lena</span></p>';
    card(
      activity(1, {
        object: { ...activity(1).object, type: 'question', content, plain_content: 'Hi @Lena' },
        attachments: [{ type: 'tag', id: 't1', name: 'sommerfest' }],
      }),
    );
    const mention = await screen.findByRole('link', { name: '@Lena' });
    expect(mention.getAttribute('href')).toBe(`/members/${LENA.id}`);
    expect(screen.getByTestId('question-badge').textContent).toBe('Question');
    expect(screen.getByTestId('tag-chip').getAttribute('href')).toBe('/activitystreams/all?tag=sommerfest');
  });

  it('announces an appointment with its title, date and page', async () => {
    card(
      activity(1, {
        object: {
          type: 'appointment',
          id: 'e'.repeat(24),
          content: '',
          plain_content: '',
          title: 'Sommerfest',
          url: `/appointments/${'e'.repeat(24)}`,
          date: { start: '2030-07-04T16:00:00Z', end: '2030-07-04T22:00:00Z', all_day: true },
        },
      }),
    );
    expect((await screen.findByRole('link', { name: 'Sommerfest' })).getAttribute('href')).toBe(
      `/appointments/${'e'.repeat(24)}`,
    );
    expect(screen.getByText('04.07.2030')).toBeTruthy();
  });

  it('asks before deleting the activity', async () => {
    const value = activity(1, { i: { ...activity(1).i, can: { ...activity(1).i.can, destroy: true } } });
    const { calls } = card(value, { [`DELETE /api/v1/activities/${value.id}`]: ok() });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for this post' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete post?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for this post' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The post has been deleted.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/activities/${value.id}`)).toBe(true);
  });

  it('asks before deleting a reply', async () => {
    const value = activity(1, { reply_count: 1 });
    const own = reply(1, value.id, { i: { liked: false, can: { update: true, destroy: true, like: true } } });
    const withReply = { ...value, latest_replies: [own] };
    const { calls } = card(withReply, {
      [`DELETE /api/v1/activities/${value.id}/replies/${own.id}`]: ok(),
      [`GET /api/v1/activities/${value.id}`]: ok({ ...value, reply_count: 0 }),
    });
    const item = await screen.findByTestId('activity-reply');
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete reply?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The reply has been deleted.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(`/replies/${own.id}`))).toBe(true);
  });

  it('shows all replies on demand', async () => {
    const value = activity(1, {
      reply_count: 5,
      latest_replies: [reply(3, activityIdOf(1)), reply(4, activityIdOf(1)), reply(5, activityIdOf(1))],
    });
    card(value, {
      [`GET /api/v1/activities/${value.id}/replies`]: ok({
        replies: [1, 2, 3, 4, 5].map((n) => reply(n, value.id)),
        next_after: null,
      }),
    });
    expect(await screen.findAllByTestId('activity-reply')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 replies' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-reply')).toHaveLength(5));
    expect(screen.getAllByTestId('activity-reply')[0]!.textContent).toContain('Reply 1');
  });
});

function activityIdOf(n: number) {
  return activity(n).id;
}

describe('the activity page', { timeout: 20_000 }, () => {
  function show(path: string, value: Activity, answers: Parameters<typeof stubApi>[0] = {}) {
    const calls = stubApi({
      'GET /api/v1/session': ok(SESSION),
      [`GET /api/v1/activities/${value.id}`]: ok(value),
      ...answers,
    });
    const view = renderUi(
      <Routes>
        <Route path="/activities/:activityId" element={<ActivityPage />} />
        <Route path="/activities/:activityId/replies/:replyId" element={<ActivityPage />} />
        <Route path="/activities/:activityId/answers/:replyId" element={<ActivityPage />} />
      </Routes>,
      { path },
    );
    return { calls, ...view };
  }

  it('toggles the like with its count', async () => {
    const value = activity(1, { like_count: 2 });
    const { calls } = show(`/activities/${value.id}`, value, {
      [`GET /api/v1/activities/${value.id}/replies`]: ok({ replies: [], next_after: null }),
      [`POST /api/v1/activities/${value.id}/like`]: ok(),
      [`DELETE /api/v1/activities/${value.id}/like`]: ok(),
    });
    const like = await screen.findByTestId('like-button', {}, SLOW);
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.textContent).toBe('Like · 2');
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('like-button').textContent).toBe('Like · 3');
    fireEvent.click(screen.getByTestId('like-button'));
    await waitFor(() => expect(screen.getByTestId('like-button').textContent).toBe('Like · 2'));
    expect(calls.filter((c) => c.path.endsWith('/like')).map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('shows a circular letter with its subject, acknowledged on a click', async () => {
    const letter = {
      subject: 'Neue Regeln',
      recipient_count: 27,
      acknowledged_count: 5,
      i: { recipient: true, acknowledged: false, can: { acknowledge: true, see_acknowledgements: true } },
    };
    const value = activity(1, { circular_letter: letter });
    const acknowledged = {
      ...value,
      circular_letter: {
        ...letter,
        acknowledged_count: 6,
        i: { ...letter.i, acknowledged: true, can: { ...letter.i.can, acknowledge: false } },
      },
    };
    let current = value;
    const { calls } = show(`/activities/${value.id}`, value, {
      [`GET /api/v1/activities/${value.id}`]: () => ok(current),
      [`GET /api/v1/activities/${value.id}/replies`]: ok({ replies: [], next_after: null }),
      [`POST /api/v1/activities/${value.id}/acknowledge`]: () => {
        current = acknowledged;
        return ok();
      },
    });
    expect(await screen.findByTestId('circular-letter-subject', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Neue Regeln')).toBeTruthy();
    expect(screen.getByRole('button', { name: '5 of 27 recipients acknowledged' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('You acknowledged this circular letter.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '6 of 27 recipients acknowledged' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/acknowledge'))).toBe(true);
  });

  it('scrolls to and highlights the reply of the route', async () => {
    const value = activity(1, { reply_count: 4 });
    const replies = [1, 2, 3, 4].map((n) => reply(n, value.id));
    show(`/activities/${value.id}/replies/${replies[1]!.id}`, value, {
      [`GET /api/v1/activities/${value.id}/replies`]: ok({ replies, next_after: null }),
    });
    await waitFor(() => expect(screen.getAllByTestId('activity-reply')).toHaveLength(4), SLOW);
    const highlighted = document.querySelector('[data-highlighted]');
    expect(highlighted?.id).toBe(`reply-${replies[1]!.id}`);
    expect(document.querySelectorAll('[data-highlighted]')).toHaveLength(1);
  });

  it('posts a reply and shows it under the activity', async () => {
    const value = activity(1);
    const posted = reply(7, value.id, { content: '<p>Thanks!</p>', plain_content: 'Thanks!' });
    let current: Activity = value;
    const { calls } = show(`/activities/${value.id}`, value, {
      [`GET /api/v1/activities/${value.id}`]: () => ok(current),
      [`GET /api/v1/activities/${value.id}/replies`]: () => ok({ replies: current.latest_replies, next_after: null }),
      [`POST /api/v1/activities/${value.id}/replies`]: () => {
        current = { ...value, reply_count: 1, latest_replies: [posted] };
        return { status: 201, body: posted };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Write a reply …' }, SLOW));
    const textbox = (await screen.findByRole('textbox', { name: 'Write a reply …' }, SLOW)) as HTMLElement & {
      editor: Editor;
    };
    act(() => {
      textbox.editor.commands.setContent('<p>Thanks!</p>', { emitUpdate: true });
    });
    const submit = screen.getByRole('button', { name: 'Reply' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Your reply has been published.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ content: '<p>Thanks!</p>', quotedReplyId: null, replyId: null });
    await waitFor(() => expect(screen.getAllByTestId('activity-reply')).toHaveLength(1), SLOW);
    expect(screen.getByTestId('activity-reply').textContent).toContain('Thanks!');
  }, 30_000);
});

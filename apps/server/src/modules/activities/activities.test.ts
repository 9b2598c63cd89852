import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_ERROR_KEYS as KEYS,
  type Activity,
  type ActivityLikePage,
  type ActivityPage,
  type ActivityReply,
  type ActivityReplyPage,
  type ActivitystreamList,
  type ActivityUnreads,
  type FeatureUnreads,
  type NotificationPage,
  type Tag,
  ACTIVITY_REALTIME_EVENTS,
  type ActivityRealtimeEvent,
} from '@agora/contracts';
import {
  collectEvents,
  connectSocket,
  createNetwork,
  createTestApp,
  listenOnFreePort,
  signedInMember,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInMember>>;
const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
  signedInMember(t.app, t.services, networkId, options);

let slugs = 0;
async function groupOf(
  access: 'open' | 'closed' | 'hidden',
  members: Person[],
  admins: Person[] = [],
  options: { archived?: boolean; chatEnabled?: boolean } = {},
) {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `stream-group-${++slugs}`, name: `Stream group ${slugs}`, access, ...options },
  ]);
  await t.services.groups.addMembers(networkId, [
    ...admins.map((m) => ({ groupId: group!.id, membershipId: m.membership.id, role: 'admin' as const })),
    ...members.map((m) => ({ groupId: group!.id, membershipId: m.membership.id })),
  ]);
  return group!;
}

const inject = (session: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: session?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const get = async <T>(session: Session, url: string, status = 200) => {
  const response = await inject(session, 'GET', url);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
let generalId: string;
const streamsOf = (session: Session, query = '') => get<ActivitystreamList>(session, `/activitystreams.json${query}`);
const post = async (session: Session, activity: Record<string, unknown>) => {
  const response = await inject(session, 'POST', '/api/v1/activities', { activity });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Activity>();
};
const page = (session: Session, query = '') => get<ActivityPage>(session, `/api/v1/activities${query}`);
const idsOf = (p: ActivityPage) => p.activities.map((a) => a.id);

beforeAll(async () => {
  generalId = await t.services.activities.defaultStreamId(networkId);
});

describe('posting and reading', () => {
  it('posts a note to the network stream and lists it in all and in the stream', async () => {
    const [a, b] = [await person(), await person()];
    expect((await inject(null, 'POST', '/api/v1/activities', { activity: {} })).statusCode).toBe(401);
    const activity = await post(a.session, {
      content: '<p>Hello https://example.org/x.</p>',
      activitystream_ids: [generalId],
    });
    expect(activity.object).toMatchObject({ type: 'note', plain_content: 'Hello https://example.org/x.' });
    expect(activity.activitystreams).toEqual([
      { id: generalId, slug: 'general', name: 'General', html_url: '/activitystreams/general' },
    ]);
    expect(activity.attachments).toContainEqual({
      type: 'link',
      url: 'https://example.org/x',
      title: null,
      description: null,
      image_url: null,
    });
    expect(activity.i.can).toMatchObject({ update: true, destroy: true, answer: false });
    expect(idsOf(await page(b.session))).toContain(activity.id);
    expect(idsOf(await page(b.session, '?stream=general'))).toContain(activity.id);
    const seen = await get<Activity>(b.session, `/api/v1/activities/${activity.id}`);
    expect(seen.i.can).toMatchObject({ update: false, destroy: false });
  });

  it('answers 422 with the keys of bad posts', async () => {
    const a = await person();
    const response = await inject(a.session, 'POST', '/api/v1/activities', { activity: { content: '<p> </p>' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ content: [KEYS.contentEmpty], activitystream_ids: [KEYS.streamsEmpty] });
    const closed = await groupOf('closed', []);
    const refused = await inject(a.session, 'POST', '/api/v1/activities', {
      activity: { content: 'x', activitystream_ids: [closed.id] },
    });
    expect(refused.json().errors).toEqual({ activitystream_ids: [KEYS.streamNotAllowed] });
  });
});

const mention = (p: Person, name = 'Someone') =>
  `<span data-type="mention" data-id="${p.membership.id}" data-label="${name}" data-marker="@">@${name}</span>`;
const settled = () => t.services.events.settled();
const notificationsOf = async (session: Session) =>
  (await get<NotificationPage>(session, '/api/v1/notifications')).notifications;
const reply = async (session: Session, id: string, payload: Record<string, unknown>, type = 'replies') => {
  const response = await inject(session, 'POST', `/api/v1/activities/${id}/${type}`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ActivityReply>();
};
const upload = (who: Person, directory: 'files' | 'images' = 'files') =>
  t.services.storage.store({
    networkId,
    uploaderId: who.membership.id,
    directory,
    fileName: directory === 'images' ? 'dot.gif' : 'notes.txt',
    body: Readable.from([
      directory === 'images'
        ? Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
        : Buffer.from('some notes'),
    ]),
  });

describe('editing and deleting', () => {
  it('lets the author edit, and the author, network and group admins delete', async () => {
    const [a, b, groupAdmin, admin] = [await person(), await person(), await person(), await person({ admin: true })];
    const group = await groupOf('open', [a, b], [groupAdmin]);
    const activity = await post(a.session, { content: '<p>First</p>', activitystream_ids: [group.id] });
    expect(
      (await inject(b.session, 'PUT', `/api/v1/activities/${activity.id}`, { activity: { content: 'x' } })).statusCode,
    ).toBe(403);
    const edited = await inject(a.session, 'PUT', `/api/v1/activities/${activity.id}`, {
      activity: { content: '<p>Second</p>', tags: ['new_Edited'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Activity>()).toMatchObject({ edited: true, object: { plain_content: 'Second' } });
    expect(edited.json<Activity>().attachments).toContainEqual(
      expect.objectContaining({ type: 'tag', name: 'Edited' }),
    );
    const empty = await inject(a.session, 'PUT', `/api/v1/activities/${activity.id}`, { activity: { content: ' ' } });
    expect(empty.json().errors).toEqual({ content: [KEYS.contentEmpty] });

    expect((await inject(b.session, 'DELETE', `/api/v1/activities/${activity.id}`)).statusCode).toBe(403);
    expect((await get<Activity>(groupAdmin.session, `/api/v1/activities/${activity.id}`)).i.can.destroy).toBe(true);
    expect((await inject(groupAdmin.session, 'DELETE', `/api/v1/activities/${activity.id}`)).statusCode).toBe(204);
    await get(a.session, `/api/v1/activities/${activity.id}`, 404);

    const second = await post(a.session, { content: 'x', activitystream_ids: [generalId] });
    expect((await inject(admin.session, 'DELETE', `/api/v1/activities/${second.id}`)).statusCode).toBe(204);
    const third = await post(a.session, { content: 'x', activitystream_ids: [generalId] });
    expect((await inject(a.session, 'DELETE', `/api/v1/activities/${third.id}`)).statusCode).toBe(204);
  });

  it("carries files and images of the author, and refuses others'", async () => {
    const [a, b] = [await person(), await person()];
    const [file, image, foreign] = [await upload(a), await upload(a, 'images'), await upload(b)];
    const activity = await post(a.session, {
      content: '',
      activitystream_ids: [generalId],
      files: [file.id],
      images: [image.id],
    });
    expect(activity.attachments.map((x) => x.type)).toEqual(['image', 'file']);
    const refused = await inject(a.session, 'POST', '/api/v1/activities', {
      activity: { content: 'x', activitystream_ids: [generalId], files: [foreign.id] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ files: [KEYS.attachmentNotUploaded] });
    const download = await inject(b.session, 'GET', `/api/storage/files/${file.id}/get/notes.txt`);
    expect(download.statusCode).toBe(200);
  });
});

describe('replies, answers, quotes and likes', () => {
  it('replies, answers only questions, quotes, edits and deletes', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const note = await post(a.session, { content: 'A note', activitystream_ids: [generalId] });
    const first = await reply(b.session, note.id, { content: '<p>First reply</p>' });
    const second = await reply(c.session, note.id, {
      content: '<p>Quoting</p>',
      quotedReplyId: first.id,
      replyId: first.id,
    });
    expect(second.quoted_reply).toMatchObject({ id: first.id, plain_content: 'First reply' });
    expect(second.reply_id).toBe(first.id);
    const notAnswer = await inject(b.session, 'POST', `/api/v1/activities/${note.id}/answers`, { content: 'x' });
    expect(notAnswer.statusCode).toBe(422);
    expect(notAnswer.json().errors).toEqual({ type: [KEYS.answersOnlyForQuestions] });
    const badQuote = await inject(b.session, 'POST', `/api/v1/activities/${note.id}/replies`, {
      content: 'x',
      quotedReplyId: note.id,
    });
    expect(badQuote.json().errors).toEqual({ quotedReplyId: [KEYS.replyNotFound] });

    const question = await post(a.session, { content: 'Why?', type: 'question', activitystream_ids: [generalId] });
    expect(question.i.can.answer).toBe(true);
    const answer = await reply(b.session, question.id, { content: 'Because' }, 'answers');
    expect(answer.html_url).toBe(`/activities/${question.id}/answers/${answer.id}`);

    const shown = await get<Activity>(a.session, `/api/v1/activities/${note.id}`);
    expect(shown.reply_count).toBe(2);
    expect(shown.latest_replies.map((r) => r.id)).toEqual([first.id, second.id]);
    const listed = await get<ActivityReplyPage>(a.session, `/api/v1/activities/${note.id}/replies?limit=1`);
    expect(listed.replies.map((r) => r.id)).toEqual([first.id]);
    expect(listed.next_after).toBe(first.id);
    expect((await get<ActivityReplyPage>(a.session, `/api/v1/activities/${question.id}/answers`)).replies).toHaveLength(
      1,
    );

    expect(
      (await inject(c.session, 'PUT', `/api/v1/activities/${note.id}/replies/${first.id}`, { content: 'no' }))
        .statusCode,
    ).toBe(403);
    const edited = await inject(b.session, 'PUT', `/api/v1/activities/${note.id}/replies/${first.id}`, {
      content: 'Changed',
    });
    expect(edited.json<ActivityReply>()).toMatchObject({ edited: true, plain_content: 'Changed' });
    expect((await inject(c.session, 'DELETE', `/api/v1/activities/${note.id}/replies/${first.id}`)).statusCode).toBe(
      403,
    );
    expect((await inject(b.session, 'DELETE', `/api/v1/activities/${note.id}/answers/${first.id}`)).statusCode).toBe(
      404,
    );
    expect((await inject(b.session, 'DELETE', `/api/v1/activities/${note.id}/replies/${first.id}`)).statusCode).toBe(
      204,
    );
    expect((await get<Activity>(a.session, `/api/v1/activities/${note.id}`)).reply_count).toBe(1);
  });

  it('likes activities and replies once, and lists what a member liked', async () => {
    const [a, b] = [await person(), await person()];
    const note = await post(a.session, { content: 'Like me', activitystream_ids: [generalId] });
    const answer = await reply(a.session, note.id, { content: 'And me' });
    for (let i = 0; i < 2; i++) {
      expect((await inject(b.session, 'POST', `/api/v1/activities/${note.id}/like`)).statusCode).toBe(204);
    }
    expect(
      (await inject(b.session, 'POST', `/api/v1/activities/${note.id}/replies/${answer.id}/like`)).statusCode,
    ).toBe(204);
    const seen = await get<Activity>(b.session, `/api/v1/activities/${note.id}`);
    expect(seen).toMatchObject({ like_count: 1, i: { liked: true } });
    expect(seen.latest_replies[0]).toMatchObject({ like_count: 1, i: { liked: true } });
    const likes = await get<ActivityLikePage>(a.session, `/api/v1/members/${b.membership.id}/likes`);
    expect(likes.activities.map((x) => x.id)).toEqual([note.id]);
    expect(idsOf(await page(b.session, '?filter=liked'))).toEqual([note.id]);
    expect((await inject(b.session, 'DELETE', `/api/v1/activities/${note.id}/like`)).statusCode).toBe(204);
    expect((await get<Activity>(b.session, `/api/v1/activities/${note.id}`)).like_count).toBe(0);
  });
});

describe('tags', () => {
  it('finds tags, offers a new one, and filters by tag', async () => {
    const a = await person();
    expect(await get<Tag[]>(a.session, '/tags/find?q=S')).toEqual([]);
    const offered = await get<Tag[]>(a.session, '/tags/find?q=Sommerfest');
    expect(offered).toEqual([{ id: 'new_Sommerfest', name: 'Sommerfest', new: true }]);
    const tagged = await post(a.session, {
      content: 'Party',
      activitystream_ids: [generalId],
      tags: ['new_Sommerfest'],
    });
    const found = await get<Tag[]>(a.session, '/tags/find?q=sommer');
    expect(found).toEqual([
      { id: 'new_sommer', name: 'sommer', new: true },
      { id: expect.any(String), name: 'Sommerfest', new: false },
    ]);
    expect(await get<Tag[]>(a.session, '/tags/find?q=sommerfest&exclude_new=true')).toEqual([found[1]]);
    expect(await get<Tag[]>(a.session, '/tags/find?q=sommerfest')).toEqual([found[1]]);
    // The same name again, any case, is the same tag.
    await post(a.session, {
      content: 'Again',
      activitystream_ids: [generalId],
      tags: ['new_SOMMERFEST', found[1]!.id],
    });
    expect(idsOf(await page(a.session, '?tag=Sommerfest'))).toEqual([expect.any(String), tagged.id]);
  });

  it('hides tags used only where the member cannot read', async () => {
    const [a, b] = [await person(), await person()];
    const hidden = await groupOf('hidden', [a]);
    await post(a.session, { content: 'Secret', activitystream_ids: [hidden.id], tags: ['new_Geheimprojekt'] });
    expect((await get<Tag[]>(a.session, '/tags/find?q=Geheim&exclude_new=true')).map((x) => x.name)).toEqual([
      'Geheimprojekt',
    ]);
    expect(await get<Tag[]>(b.session, '/tags/find?q=Geheim&exclude_new=true')).toEqual([]);
  });
});

describe('who reads what', () => {
  it('keeps posts in hidden and closed groups from non-members everywhere', async () => {
    const [member, outsider] = [await person(), await person()];
    for (const access of ['hidden', 'closed'] as const) {
      const group = await groupOf(access, [member]);
      const secret = await post(member.session, {
        content: `<p>Secret ${mention(outsider)}</p>`,
        activitystream_ids: [group.id],
      });
      const answer = await reply(member.session, secret.id, { content: 'Inside' });
      await inject(member.session, 'POST', `/api/v1/activities/${secret.id}/like`);
      await settled();
      expect(idsOf(await page(member.session))).toContain(secret.id);
      expect(idsOf(await page(outsider.session))).not.toContain(secret.id);
      await get(outsider.session, `/api/v1/activities?group_id=${group.id}`, 404);
      await get(outsider.session, `/api/v1/activities/${secret.id}`, 404);
      await get(outsider.session, `/api/v1/activities/${secret.id}/replies`, 404);
      expect(
        (await inject(outsider.session, 'POST', `/api/v1/activities/${secret.id}/replies`, { content: 'x' }))
          .statusCode,
      ).toBe(404);
      expect((await inject(outsider.session, 'POST', `/api/v1/activities/${secret.id}/like`)).statusCode).toBe(404);
      expect(
        (await inject(outsider.session, 'DELETE', `/api/v1/activities/${secret.id}/replies/${answer.id}`)).statusCode,
      ).toBe(404);
      const likes = await get<ActivityLikePage>(outsider.session, `/api/v1/members/${member.membership.id}/likes`);
      expect(likes.activities.map((x) => x.id)).not.toContain(secret.id);
      expect((await notificationsOf(outsider.session)).map((n) => n.subject.id)).not.toContain(secret.id);
      const streams = await streamsOf(outsider.session);
      expect(streams.categories.flatMap((c) => c.streams.map((s) => s.id))).not.toContain(group.id);
    }
  });

  it('shows open groups to internal members, and guests only their own groups in the all stream', async () => {
    const [member, other, guest] = [await person(), await person(), await person({ external: true })];
    const open = await groupOf('open', [member]);
    const guests = await groupOf('closed', [member, guest]);
    const inOpen = await post(member.session, { content: 'Open', activitystream_ids: [open.id] });
    const inNetwork = await post(member.session, { content: 'Network', activitystream_ids: [generalId] });
    const forGuests = await post(member.session, { content: 'Guests', activitystream_ids: [guests.id] });
    expect(idsOf(await page(other.session))).toEqual(expect.arrayContaining([inOpen.id, inNetwork.id]));
    const other404 = await inject(other.session, 'POST', '/api/v1/activities', {
      activity: { content: 'x', activitystream_ids: [open.id] },
    });
    expect(other404.json().errors).toEqual({ activitystream_ids: [KEYS.streamNotAllowed] });

    const seen = idsOf(await page(guest.session));
    expect(seen).toContain(forGuests.id);
    expect(seen).not.toContain(inNetwork.id);
    expect(seen).not.toContain(inOpen.id);
    await get(guest.session, '/api/v1/activities?stream=general', 404);
    await get(guest.session, `/api/v1/activities/${inNetwork.id}`, 404);
    const streams = await streamsOf(guest.session);
    expect(streams.all.id).toBe(networkId);
    expect(streams.categories).toEqual([]);
    const refused = await inject(guest.session, 'POST', '/api/v1/activities', {
      activity: { content: 'x', activitystream_ids: [generalId] },
    });
    expect(refused.json().errors).toEqual({ activitystream_ids: [KEYS.streamNotAllowed] });
    await post(guest.session, { content: 'From a guest', activitystream_ids: [guests.id] });
  });

  it('lists the streams by category, and only postable ones when asked', async () => {
    const a = await person();
    const mine = await groupOf('open', [a]);
    const archived = await groupOf('open', [a], [], { archived: true });
    const list = await streamsOf(a.session);
    expect(list.all).toMatchObject({ id: networkId, slug: 'all', kind: 'all', i: { subscribed: true } });
    expect(list.categories[0]).toMatchObject({ category: null, streams: [{ id: generalId, kind: 'network' }] });
    const groupStreams = list.categories.slice(1).flatMap((c) => c.streams);
    expect(groupStreams.find((s) => s.id === mine.id)).toMatchObject({
      kind: 'group',
      category: { id: categoryId },
      i: { subscribed: true, can: { read: true, post: true, subscribe: true } },
    });
    expect(groupStreams.find((s) => s.id === archived.id)?.i.can.post).toBe(false);
    const postable = (await streamsOf(a.session, '?postable=true')).categories.flatMap((c) =>
      c.streams.map((s) => s.id),
    );
    expect(postable).toContain(mine.id);
    expect(postable).not.toContain(archived.id);
  });
});

describe('subscriptions and unreads', () => {
  it('leaves unsubscribed streams out of the home, and only while the network allows it', async () => {
    const [a, b] = [await person(), await person()];
    const group = await groupOf('open', [a, b]);
    const inGroup = await post(b.session, { content: 'Group', activitystream_ids: [group.id] });
    const inNetwork = await post(b.session, { content: 'Network', activitystream_ids: [generalId] });
    const home = () => page(a.session, '?subscribed=true');
    expect(idsOf(await home()).slice(0, 2)).toEqual([inNetwork.id, inGroup.id]);
    expect((await inject(a.session, 'DELETE', `/api/v1/activitystreams/${generalId}/subscribe`)).statusCode).toBe(204);
    expect((await inject(a.session, 'DELETE', `/api/v1/activitystreams/${group.id}/subscribe`)).statusCode).toBe(204);
    expect(idsOf(await home())).not.toContain(inNetwork.id);
    expect(idsOf(await home())).not.toContain(inGroup.id);
    expect(idsOf(await page(a.session))).toContain(inGroup.id);
    expect((await inject(a.session, 'POST', `/api/v1/activitystreams/${networkId}/subscribe`)).statusCode).toBe(404);
    const streams = await streamsOf(a.session);
    expect(streams.categories[0]!.streams[0]!.i.subscribed).toBe(false);

    await storeNetworkSettings(t.database.db, networkId, { activitystream_subscriptions: false });
    try {
      expect((await inject(a.session, 'POST', `/api/v1/activitystreams/${generalId}/subscribe`)).statusCode).toBe(403);
      expect(idsOf(await home())).toContain(inNetwork.id);
      expect((await streamsOf(a.session)).subscriptions_enabled).toBe(false);
    } finally {
      await storeNetworkSettings(t.database.db, networkId, {});
    }
    expect((await inject(a.session, 'POST', `/api/v1/activitystreams/${generalId}/subscribe`)).statusCode).toBe(204);
    expect((await inject(a.session, 'POST', `/api/v1/activitystreams/${group.id}/subscribe`)).statusCode).toBe(204);
    expect(idsOf(await home())).toContain(inGroup.id);
  });

  it('counts what others posted since a stream or the home was read, and pushes the change', async () => {
    const [a, b] = [await person(), await person()];
    const group = await groupOf('open', [a, b]);
    for (const id of [networkId, generalId, group.id]) {
      expect((await inject(a.session, 'POST', `/api/v1/activitystreams/${id}/read`)).statusCode).toBe(204);
    }
    // Read marks hold to the second: what follows is posted in the next one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const socket = await connectSocket(await listenOnFreePort(t.app), { cookie: a.session.cookie });
    try {
      const pushed = collectEvents<Record<string, unknown>>(socket, 'unreads:changed');
      await post(b.session, { content: 'One', activitystream_ids: [generalId] });
      await post(b.session, { content: 'Two', activitystream_ids: [generalId, group.id] });
      await post(a.session, { content: 'Mine', activitystream_ids: [generalId] });
      await settled();
      const unreads = await get<ActivityUnreads>(a.session, '/unreads/activities');
      expect(unreads.total).toBe(2);
      expect(unreads.activitystreams).toEqual(
        expect.arrayContaining([
          { id: generalId, slug: 'general', unread_count: 2 },
          { id: group.id, slug: group.slug, unread_count: 1 },
        ]),
      );
      expect((await get<{ Activities: number }>(a.session, '/api/v1/unreads')).Activities).toBe(2);
      expect((await get<FeatureUnreads>(a.session, '/unreads/features')).activities).toBe(2);
      expect(await get(a.session, '/unreads/folders')).toEqual({ folders: [] });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pushed.length).toBeGreaterThan(0);
      await inject(a.session, 'POST', `/api/v1/activitystreams/${networkId}/read`);
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pushed.some((p) => p.Activities === 0)).toBe(true);
      expect((await get<ActivityUnreads>(a.session, '/unreads/activities')).total).toBe(0);
    } finally {
      socket.disconnect();
    }
  });
});

describe('live events', () => {
  it('tells the members of a group without chat of its new posts, and nobody outside a hidden group', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const group = await groupOf('hidden', [a, b], [], { chatEnabled: false });
    const url = await listenOnFreePort(t.app);
    const [inside, outside] = await Promise.all([
      connectSocket(url, { cookie: a.session.cookie }),
      connectSocket(url, { cookie: outsider.session.cookie }),
    ]);
    try {
      const heard = collectEvents<ActivityRealtimeEvent>(inside, ACTIVITY_REALTIME_EVENTS.created);
      const overheard = collectEvents<ActivityRealtimeEvent>(outside, ACTIVITY_REALTIME_EVENTS.created);
      const posted = await post(b.session, { content: 'Members only', activitystream_ids: [group.id] });
      await settled();
      await vi.waitFor(() => expect(heard.map((e) => e.id)).toContain(posted.id));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(overheard).toEqual([]);
    } finally {
      inside.disconnect();
      outside.disconnect();
    }
  });
});

describe('mentions and notifications', () => {
  it('tells mentioned readers and the author of replies, lists mentions, and filters', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const note = await post(a.session, {
      content: `<p>Hello ${mention(b, 'Bea')}</p>`,
      type: 'question',
      activitystream_ids: [generalId],
    });
    expect(note.attachments).toContainEqual({
      type: 'person',
      id: b.membership.id,
      name: expect.any(String),
      path: `/members/${b.membership.id}`,
    });
    await reply(c.session, note.id, { content: 'An answer' }, 'answers');
    await settled();
    expect((await notificationsOf(b.session)).map((n) => [n.type, n.subject.path])).toContainEqual([
      'activity_mention',
      `/activities/${note.id}`,
    ]);
    expect((await notificationsOf(a.session)).map((n) => n.type)).toContain('activity_answer');
    // The mentioned member is told by mail as well, with a link to the post.
    await vi.waitFor(async () => expect(await t.services.mailer.outbox(b.user.email)).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    const [mail] = await t.services.mailer.outbox(b.user.email);
    expect(mail!.text).toContain(`/activities/${note.id}`);
    expect(await t.services.mailer.outbox(c.user.email)).toEqual([]);
    expect(idsOf(await page(b.session, '?filter=mentions'))).toEqual([note.id]);
    expect(idsOf(await page(a.session, '?filter=mine'))).toEqual([note.id]);
    expect(idsOf(await page(c.session, `?filter=questions&member_id=${a.membership.id}`))).toEqual([note.id]);
    expect(idsOf(await page(c.session, `?member_id=${a.membership.id}`))[0]).toBe(note.id);
  });
});

describe('paging', () => {
  it('pages by id with next_before', async () => {
    const a = await person();
    const group = await groupOf('closed', [a]);
    const posted: string[] = [];
    for (let i = 0; i < 5; i++)
      posted.push((await post(a.session, { content: `n${i}`, activitystream_ids: [group.id, generalId] })).id);
    const first = await page(a.session, `?group_id=${group.id}&limit=3`);
    expect(idsOf(first)).toEqual(posted.slice(2).reverse());
    const second = await page(a.session, `?group_id=${group.id}&limit=3&before=${first.next_before}`);
    expect(idsOf(second)).toEqual(posted.slice(0, 2).reverse());
    expect(second.next_before).toBeNull();
    // In two streams, once in the all stream.
    const all = idsOf(await page(a.session, '?limit=5'));
    expect(all).toEqual(posted.slice().reverse());
  });
});

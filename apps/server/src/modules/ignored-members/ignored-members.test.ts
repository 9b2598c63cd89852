import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHAT_ERROR_KEYS,
  directChatId,
  groupChatId,
  IGNORED_MEMBER_ERROR_KEYS as KEYS,
  type Activity,
  type ActivityPage,
  type ActivityReplyPage,
  type ChatAck,
  type ChatAnswers,
  type DirectMessage,
  type DirectMessageList,
  type IgnoredMemberList,
  type NotificationPage,
} from '@agora/contracts';
import {
  connectSocket,
  createMember,
  createTestApp,
  emitWithAck,
  listenOnFreePort,
  signedInMember,
  type MemberOptions,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let baseUrl: string;
let networkId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Members here send messages faster than anyone types.
  t = await createTestApp({ SOCKET_EVENT_BURST: '600', SOCKET_EVENT_RATE: '50' });
  baseUrl = await listenOnFreePort(t.app);
  networkId = (await t.services.networks.create({ name: 'Ignoring', language: 'en', settings: {}, host: null })).id;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

type Member = Awaited<ReturnType<typeof member>>;
async function member(options: MemberOptions = {}) {
  const signed = await signedInMember(t.app, t.services, networkId, options);
  return {
    ...signed,
    id: signed.membership.id,
    /** A tab of the web app with its chat connection. */
    async tab(): Promise<Socket> {
      const socket = await connectSocket(baseUrl, { cookie: signed.session.cookie, host: 'localhost' });
      sockets.push(socket);
      await emitWithAck(socket, 'my_chats', {});
      return socket;
    },
  };
}

let groups = 0;
async function groupOf(members: Member[], admins: Member[] = []) {
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: `teams-${++groups}`, name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: `team-${groups}`, name: `Team ${groups}` },
  ]);
  await t.services.groups.addMembers(networkId, [
    ...members.map((m) => ({ groupId: group!.id, membershipId: m.id })),
    ...admins.map((m) => ({ groupId: group!.id, membershipId: m.id, role: 'admin' as const })),
  ]);
  return group!;
}

const ask = <E extends keyof ChatAnswers>(socket: Socket, event: E, payload: object) =>
  emitWithAck<ChatAck<ChatAnswers[E]>>(socket, event, payload);
async function ok<E extends keyof ChatAnswers>(socket: Socket, event: E, payload: object) {
  const answer = await ask(socket, event, payload);
  if (!answer.ok) throw new Error(`${event} refused: ${JSON.stringify(answer.error)}`);
  return answer.data;
}
async function refusal(socket: Socket, event: keyof ChatAnswers, payload: object) {
  const answer = await ask(socket, event, payload);
  if (answer.ok) throw new Error(`${event} was answered`);
  return answer.error.key;
}
let references = 0;
const text = (chatId: string, value: string) => ({
  chat_id: chatId,
  text: value,
  client_reference: `ref-${++references}`,
});

const call = (session: Session | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(session?.headers ?? {}), accept: 'application/json' },
    ...(payload ? { payload } : {}),
  });
const json = async <T>(session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const response = await call(session, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
};
const ignore = (who: Member, whom: Member) => json(who.session, 'POST', `/members/${whom.id}/ignore`);
const unignore = (who: Member, whom: Member) => json(who.session, 'DELETE', `/members/${whom.id}/ignore`);
const listOf = async (who: Member) =>
  (await json<IgnoredMemberList>(who.session, 'GET', `/members/${who.id}/ignored`)).ignored_members;
const eventsOf = async (type: string, actorId: string) =>
  Number(
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from domain_events where type = ${type} and actor_id = ${actorId}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n,
  );

describe('ignoring members', () => {
  it('lists, ignores and stops ignoring, recording each change once', async () => {
    const [anna, max, lena] = await Promise.all([
      member({ firstName: 'Anna' }),
      member({ firstName: 'Max', lastName: 'Muster' }),
      member(),
    ]);
    expect(await listOf(anna)).toEqual([]);
    expect(await ignore(anna, max)).toEqual({ id: max.id, ignored: true });
    expect(await ignore(anna, max)).toEqual({ id: max.id, ignored: true });
    await ignore(anna, lena);
    const list = await listOf(anna);
    expect(list.map((m) => m.id)).toEqual([lena.id, max.id]);
    expect(list[1]).toMatchObject({ name: 'Max Muster', path: `/members/${max.id}`, is_external: false });
    expect(list[1]!.ignored_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await t.services.ignoredMembers.ignores(anna.id, max.id)).toBe(true);
    expect(await t.services.ignoredMembers.ignores(max.id, anna.id)).toBe(false);

    expect(await unignore(anna, max)).toEqual({ id: max.id, ignored: false });
    expect(await unignore(anna, max)).toEqual({ id: max.id, ignored: false });
    expect((await listOf(anna)).map((m) => m.id)).toEqual([lena.id]);
    // The cached set follows at once.
    expect(await t.services.ignoredMembers.ignores(anna.id, max.id)).toBe(false);
    expect(await eventsOf('member.ignored', anna.id)).toBe(2);
    expect(await eventsOf('member.unignored', anna.id)).toBe(1);
  });

  it('refuses oneself, network administrators, strangers, other lists and anonymous calls', async () => {
    const [anna, admin, locked] = await Promise.all([
      member(),
      member({ admin: true }),
      createMember(t.services, networkId, { locked: true }),
    ]);
    const self = await call(anna.session, 'POST', `/members/${anna.id}/ignore`);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ id: [KEYS.self] });
    const ofAdmin = await call(anna.session, 'POST', `/members/${admin.id}/ignore`);
    expect(ofAdmin.statusCode).toBe(422);
    expect(ofAdmin.json().errors).toEqual({ id: [KEYS.networkAdmin] });
    expect((await call(anna.session, 'POST', `/members/${locked.membership.id}/ignore`)).statusCode).toBe(404);
    expect((await call(anna.session, 'POST', '/members/000000000000000000000000/ignore')).statusCode).toBe(404);
    expect((await call(anna.session, 'DELETE', '/members/000000000000000000000000/ignore')).statusCode).toBe(404);
    // Only the member themself reads their list; administrators too are refused.
    expect((await call(admin.session, 'GET', `/members/${anna.id}/ignored`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/members/${anna.id}/ignored`)).statusCode).toBe(401);
    expect((await call(null, 'POST', `/members/${admin.id}/ignore`)).statusCode).toBe(401);
    expect(await listOf(anna)).toEqual([]);
  });
});

describe('what ignored members wrote', () => {
  it('comes marked in the streams and replies of the member who ignores them, for them only', async () => {
    const [anna, max] = await Promise.all([member(), member()]);
    const streamId = await t.services.activities.defaultStreamId(networkId);
    const post = async (who: Member, content: string) =>
      json<Activity>(who.session, 'POST', '/api/v1/activities', {
        activity: { content, activitystream_ids: [streamId] },
      });
    const fromMax = await post(max, '<p>Max writes</p>');
    const fromAnna = await post(anna, '<p>Anna writes</p>');
    await json(max.session, 'POST', `/api/v1/activities/${fromAnna.id}/replies`, {
      content: '<p>Max replies</p>',
    });
    await ignore(anna, max);

    const page = await json<ActivityPage>(anna.session, 'GET', '/api/v1/activities');
    const byId = new Map(page.activities.map((a) => [a.id, a]));
    expect(byId.get(fromMax.id)).toMatchObject({ ignored: true, object: { plain_content: 'Max writes' } });
    expect(byId.get(fromAnna.id)!.ignored).toBe(false);
    expect(byId.get(fromAnna.id)!.latest_replies.map((r) => r.ignored)).toEqual([true]);
    const replies = await json<ActivityReplyPage>(anna.session, 'GET', `/api/v1/activities/${fromAnna.id}/replies`);
    expect(replies.replies.map((r) => r.ignored)).toEqual([true]);
    expect((await json<Activity>(anna.session, 'GET', `/api/v1/activities/${fromMax.id}`)).ignored).toBe(true);
    // Max sees his own as ever.
    const his = await json<ActivityPage>(max.session, 'GET', '/api/v1/activities');
    expect(his.activities.every((a) => !a.ignored)).toBe(true);

    await unignore(anna, max);
    expect((await json<Activity>(anna.session, 'GET', `/api/v1/activities/${fromMax.id}`)).ignored).toBe(false);
  });

  it('comes marked in the inbox; the ignored member cannot write to them, groups still reach them', async () => {
    const [anna, max, lena] = await Promise.all([member(), member(), member({ admin: true })]);
    const send = (who: Member, payload: object) =>
      call(who.session, 'POST', '/api/v1/messages', { subject: 'Hi', content: '<p>Hello</p>', ...payload });
    const before = (await send(max, { to: [anna.id] })).json<DirectMessage>();
    await ignore(anna, max);

    const refusal = await send(max, { to: [anna.id, lena.id] });
    expect(refusal.statusCode).toBe(422);
    expect(refusal.json().errors).toEqual({ to: [KEYS.ignoredByRecipient] });
    // Anna may still write to Max; his answers name her and are refused too.
    expect((await send(anna, { to: [max.id] })).statusCode).toBe(201);
    expect((await send(max, { to: [anna.id], conversation_starter_id: before.id })).statusCode).toBe(422);

    const inbox = await json<DirectMessageList>(anna.session, 'GET', '/api/v1/messages');
    const mine = inbox.messages.find((m) => m.id === before.id)!;
    expect(mine).toMatchObject({ ignored: true, subject: 'Hi' });
    expect((await json<DirectMessage>(anna.session, 'GET', `/api/v1/messages/${before.id}`)).ignored).toBe(true);
    const maxInbox = await json<DirectMessageList>(max.session, 'GET', '/api/v1/messages');
    expect(maxInbox.messages.every((m) => !m.ignored)).toBe(true);

    await unignore(anna, max);
    expect((await send(max, { to: [anna.id] })).statusCode).toBe(201);
  });

  it('comes marked in chats; no new direct chat with the member who ignores; group chats go on', async () => {
    const [anna, max, lena] = await Promise.all([member(), member(), member()]);
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const team = await groupOf([anna, max]);
    const existing = directChatId(max.id, lena.id);
    await ok(maxTab, 'message', text(existing, 'to Lena'));
    await ok(maxTab, 'message', text(groupChatId(team.id), 'Max in the team'));
    await ok(annaTab, 'message', text(groupChatId(team.id), 'Anna in the team'));
    await ignore(anna, max);
    await ignore(lena, max);

    const direct = directChatId(anna.id, max.id);
    expect(await refusal(maxTab, 'create_chat', { type: 'member', id: anna.id })).toBe(
      CHAT_ERROR_KEYS.ignoredByRecipient,
    );
    expect(await refusal(maxTab, 'message', text(direct, 'Hello Anna'))).toBe(CHAT_ERROR_KEYS.ignoredByRecipient);
    // A direct chat that exists goes on; Anna may start one with Max.
    await ok(maxTab, 'message', text(existing, 'still to Lena'));
    await ok(annaTab, 'create_chat', { type: 'member', id: max.id });
    await ok(maxTab, 'message', text(groupChatId(team.id), 'Max again'));

    const details = await ok(annaTab, 'chat_details', { chat_id: groupChatId(team.id) });
    expect(details.messages.map((m) => [m.text, m.ignored])).toEqual([
      ['Max in the team', true],
      ['Anna in the team', false],
      ['Max again', true],
    ]);
    const more = await ok(annaTab, 'more_messages', {
      chat_id: groupChatId(team.id),
      before_id: details.messages[2]!.id,
    });
    expect(more.messages.map((m) => m.ignored)).toEqual([true, false]);
    const his = await ok(maxTab, 'chat_details', { chat_id: groupChatId(team.id) });
    expect(his.messages.every((m) => m.ignored === false)).toBe(true);

    await unignore(anna, max);
    await unignore(anna, max);
    await ok(maxTab, 'message', text(direct, 'Hello again'));
  });
});

describe('what ignored members cause', () => {
  it('notifies and mails the member who ignores them of nothing, and the others as ever', async () => {
    const [anna, max, lena] = await Promise.all([member(), member(), member()]);
    const team = await groupOf([anna, lena], [max]);
    await ignore(anna, max);
    const streamId = await t.services.activities.defaultStreamId(networkId);
    const mention = (m: Member) =>
      `<span data-type="mention" data-id="${m.id}" data-label="M" data-marker="@">@M</span>`;
    const post = (who: Member, content: string, type = 'note') =>
      json<Activity>(who.session, 'POST', '/api/v1/activities', {
        activity: { content, type, activitystream_ids: [streamId] },
      });

    // A mention, answers to their questions, and a message to a group they belong to.
    await post(max, `<p>Hello ${mention(anna)} and ${mention(lena)}</p>`);
    for (const asker of [anna, lena]) {
      const question = await post(asker, '<p>Who knows?</p>', 'question');
      await json(max.session, 'POST', `/api/v1/activities/${question.id}/answers`, { content: '<p>Max does</p>' });
    }
    await json(max.session, 'POST', '/api/v1/messages', {
      subject: 'Team',
      content: '<p>Hello team</p>',
      to_group: [team.id],
    });
    await t.services.events.settled();

    const typesOf = async (who: Member) =>
      (await json<NotificationPage>(who.session, 'GET', '/api/v1/notifications')).notifications
        .map((n) => n.type)
        .sort();
    expect(await typesOf(lena)).toEqual(['activity_answer', 'activity_mention', 'direct_message']);
    expect(await typesOf(anna)).toEqual([]);
    // Lena's mails (the mention and the message) are queued with Anna's would-be ones.
    const mailsTo = (m: Member) => t.services.mailer.outbox(m.user.email);
    await vi.waitFor(async () => expect(await mailsTo(lena)).toHaveLength(2), { timeout: 10_000, interval: 100 });
    expect(await mailsTo(anna)).toEqual([]);
    // The message itself still reaches her inbox, marked.
    const inbox = await json<DirectMessageList>(anna.session, 'GET', '/api/v1/messages');
    expect(inbox.messages.map((m) => [m.subject, m.ignored])).toEqual([['Team', true]]);
  });
});

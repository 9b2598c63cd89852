import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIRECT_MESSAGE_ERROR_KEYS as KEYS, type DirectMessage, type DirectMessageList } from '@agora/contracts';
import {
  collectEvents,
  connectSocket,
  createMember,
  listenOnFreePort,
  createNetwork,
  createTestApp,
  signIn,
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
async function groupOf(admin: Person | null, members: Person[]) {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `dm-group-${++slugs}`, name: `DM group ${slugs}` },
  ]);
  await t.services.groups.addMembers(networkId, [
    ...(admin ? [{ groupId: group!.id, membershipId: admin.membership.id, role: 'admin' as const }] : []),
    ...members.map((m) => ({ groupId: group!.id, membershipId: m.membership.id })),
  ]);
  return group!;
}

const send = (session: Session | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: session?.headers ?? {},
    payload: payload as object,
  });
const sent = async (session: Session, payload: Record<string, unknown>) => {
  const response = await send(session, { subject: 'Hello', content: '<p>Hi there</p>', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DirectMessage>();
};
const get = (session: Session, url: string) => t.app.inject({ url, headers: session.headers });
const list = async (session: Session, url = '/api/v1/messages') => {
  const response = await get(session, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectMessageList>();
};
const call = (session: Session, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const unreadCount = async (session: Session) =>
  (await get(session, '/api/v1/unreads')).json<{ Messages: number }>().Messages;
const settled = () => t.services.events.settled();

describe('POST /api/v1/messages', () => {
  it('walks the ladder: 401, 422, 201', async () => {
    const [a, b] = [await person(), await person()];
    expect((await send(null, { to: [b.membership.id], subject: 'x' })).statusCode).toBe(401);
    const empty = await send(a.session, { subject: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.to).toEqual([KEYS.recipientsEmpty]);
    const blank = await send(a.session, { to: [b.membership.id], subject: ' ', content: '<p> </p>' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.content).toEqual([KEYS.subjectAndContentEmpty]);
    const message = await sent(a.session, { to: [b.membership.id] });
    expect(message).toMatchObject({
      subject: 'Hello',
      plain_content: 'Hi there',
      to_count: 1,
      to: [{ id: b.membership.id }],
      author: { id: a.membership.id },
      conversation_starter_id: message.id,
      i: { read: true },
    });
  });

  it('sanitizes the content and derives the plain text', async () => {
    const [a, b] = [await person(), await person()];
    const message = await sent(a.session, {
      to: [b.membership.id],
      content: '<p onclick="x()">Bold <b>move</b><script>alert(1)</script></p>',
    });
    expect(message.content).not.toContain('script');
    expect(message.content).not.toContain('onclick');
    expect(message.plain_content).toBe('Bold move');
  });

  it('refuses all members to anyone but network admins, and members one may not see', async () => {
    const [a, b] = [await person(), await person()];
    const all = await send(a.session, { to_all_network_members: true, subject: 'x' });
    expect(all.statusCode).toBe(422);
    expect(all.json().errors.to_all_network_members).toEqual([KEYS.toAllNotAllowed]);
    const stranger = await send(a.session, { to: ['f'.repeat(24)], subject: 'x' });
    expect(stranger.json().errors.to).toEqual([KEYS.recipientNotAllowed]);
    const { membership: locked } = await createMember(t.services, networkId, { locked: true });
    expect((await send(a.session, { to: [locked.id], subject: 'x' })).json().errors.to).toEqual([
      KEYS.recipientNotAllowed,
    ]);
    expect((await send(a.session, { to: [b.membership.id], subject: 'x' })).statusCode).toBe(201);
  });

  it('limits other members to their groups when only admins write network-wide, and lets them answer', async () => {
    const net = (await createNetwork(t.services, { host: 'admins-only.test' })).id;
    await storeNetworkSettings(t.database.db, net, { direct_messages_network_wide_senders: 'admins' });
    const member = async () => {
      const m = await createMember(t.services, net);
      const session = await signIn(t.app, m.user.email, undefined, 'admins-only.test');
      return { ...m, session };
    };
    const [writer, inGroup, outside] = [await member(), await member(), await member()];
    const [group] = await t.services.groups.createGroups(net, [
      {
        groupCategoryId: (
          await t.services.groups.createCategories(net, [{ slug: 'c', name: 'C', pluralName: 'Cs' }])
        )[0]!.id,
        slug: 'g',
        name: 'G',
      },
    ]);
    await t.services.groups.addMembers(net, [
      { groupId: group!.id, membershipId: writer.membership.id, role: 'admin' },
      { groupId: group!.id, membershipId: inGroup.membership.id },
    ]);
    expect((await send(writer.session, { to: [inGroup.membership.id], subject: 'x' })).statusCode).toBe(201);
    expect((await send(writer.session, { to_group: [group!.id], subject: 'x' })).statusCode).toBe(201);
    const refused = await send(writer.session, { to: [outside.membership.id], subject: 'x' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.to).toEqual([KEYS.recipientNotAllowed]);
    const groupRefused = await send(inGroup.session, { to_group: [group!.id], subject: 'x' });
    expect(groupRefused.json().errors.to_group).toEqual([KEYS.recipientNotAllowed]);
    // The composer's pickers offer the same: the group's members and the group, for its admin only.
    const found = async (session: Session, url: string) => {
      const response = await t.app.inject({ url, headers: session.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ members?: Array<{ id: string }>; groups?: Array<{ id: string }> }>();
    };
    const offered = (await found(writer.session, '/api/v1/messages/recipients?q=test+member')).members!.map(
      (m) => m.id,
    );
    expect(offered).toContain(inGroup.membership.id);
    expect(offered).not.toContain(outside.membership.id);
    expect((await found(writer.session, '/api/v1/messages/recipient_groups?q=')).groups!.map((g) => g.id)).toEqual([
      group!.id,
    ]);
    expect((await found(inGroup.session, '/api/v1/messages/recipient_groups?q=')).groups).toEqual([]);
    await storeNetworkSettings(t.database.db, net, { direct_messages_network_wide_senders: 'members' });
    const everyone = (await found(inGroup.session, '/api/v1/messages/recipients?q=test+member')).members!;
    expect(everyone.map((m) => m.id)).toContain(outside.membership.id);
    await storeNetworkSettings(t.database.db, net, { direct_messages_network_wide_senders: 'admins' });
    // The member of the group answers the admin although they administrate no group.
    const first = (await send(writer.session, { to: [inGroup.membership.id], subject: 'Q' })).json<DirectMessage>();
    expect((await send(inGroup.session, { to: [writer.membership.id], subject: 'A' })).statusCode).toBe(422);
    const reply = await send(inGroup.session, {
      to: [writer.membership.id],
      subject: 'A',
      conversation_starter_id: first.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().conversation_starter_id).toBe(first.id);
  });

  it('lets guests write only where the network lets them chat', async () => {
    const guest = await person({ external: true });
    const b = await person();
    expect((await send(guest.session, { to: [b.membership.id], subject: 'x' })).statusCode).toBe(403);
    const shell = (await get(guest.session, '/api/v1/network')).json();
    expect(shell.can.send_direct_messages).toBe(false);
    expect((await get(b.session, '/api/v1/network')).json().can.send_direct_messages).toBe(true);
  });

  it('answers 4xx, never 5xx, to hostile input', async () => {
    const a = await person();
    for (const payload of [
      { to: 'nope' },
      { to: [1, 2] },
      { to: ['x'.repeat(24)] },
      { subject: 'x'.repeat(100_000), to: [a.membership.id] },
      { to_group: ['../../etc'] },
      { attachments: [{}] },
      { conversation_starter_id: "' or 1=1 --" },
      [],
      'text',
    ]) {
      const response = await send(a.session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    for (const url of ['/api/v1/messages?limit=1000', '/api/v1/messages?offset=-1', '/api/v1/messages/nope']) {
      const response = await get(a.session, url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('attachments', () => {
  const upload = async (who: Person, name = 'notes.txt') =>
    t.services.storage.store({
      networkId,
      uploaderId: who.membership.id,
      directory: 'files',
      fileName: name,
      body: Readable.from([Buffer.from('some notes')]),
    });

  it("keeps the sender's uploads, refuses others', and forwards by reference", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const file = await upload(a);
    const foreign = await upload(c);
    const refused = await send(a.session, { to: [b.membership.id], subject: 'x', attachments: [foreign.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.attachments).toEqual([KEYS.attachmentNotUploaded]);
    const message = await sent(a.session, { to: [b.membership.id], attachments: [file.id] });
    expect(message.has_attachments).toBe(true);
    expect(message.attachments).toMatchObject([{ id: file.id, original_filename: 'notes.txt', extension: 'txt' }]);

    const download = (who: Person) => get(who.session, message.attachments[0]!.url);
    expect((await download(b)).statusCode).toBe(200);
    expect((await download(c)).statusCode).toBe(404);

    // c cannot forward what c never read; b may.
    expect((await send(c.session, { to: [a.membership.id], subject: 'x', attachments: [file.id] })).statusCode).toBe(
      422,
    );
    const forward = await sent(b.session, { to: [c.membership.id], subject: 'Fwd', attachments: [file.id] });
    expect(forward.attachments.map((x) => x.id)).toEqual([file.id]);
    expect((await download(c)).statusCode).toBe(200);
  });
});

describe('the inbox and the sent list', () => {
  it('pages by limit and offset with totals, newest first', async () => {
    const [a, b] = [await person(), await person()];
    for (let i = 0; i < 12; i++) await sent(a.session, { to: [b.membership.id], subject: `M${i}` });
    const first = await list(b.session);
    expect(first).toMatchObject({ total: 12, limit: 10, offset: 0 });
    expect(first.messages.map((m) => m.subject).slice(0, 2)).toEqual(['M11', 'M10']);
    const second = await list(b.session, '/api/v1/messages?limit=10&offset=10');
    expect(second.messages.map((m) => m.subject)).toEqual(['M1', 'M0']);
    const out = await list(a.session, '/api/v1/messages/sent?limit=5');
    expect(out).toMatchObject({ total: 12, limit: 5 });
    expect(out.messages).toHaveLength(5);
    expect((await list(a.session)).total).toBe(0);
  });

  it("keeps the sender's copy apart from the recipients', and each recipient's apart", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const message = await sent(a.session, { to: [b.membership.id, c.membership.id] });
    expect((await call(b.session, 'DELETE', `/api/v1/messages/${message.id}`)).statusCode).toBe(204);
    expect((await get(b.session, `/api/v1/messages/${message.id}`)).statusCode).toBe(404);
    expect((await get(c.session, `/api/v1/messages/${message.id}`)).statusCode).toBe(200);
    expect((await list(a.session, '/api/v1/messages/sent')).messages.map((m) => m.id)).toContain(message.id);
    expect((await call(a.session, 'DELETE', `/api/v1/messages/sent/${message.id}`)).statusCode).toBe(204);
    expect((await list(a.session, '/api/v1/messages/sent')).messages.map((m) => m.id)).not.toContain(message.id);
    expect((await get(c.session, `/api/v1/messages/${message.id}`)).statusCode).toBe(200);
    // The sender's inbox has no copy; deleting twice is a 404.
    expect((await call(a.session, 'DELETE', `/api/v1/messages/${message.id}`)).statusCode).toBe(404);
    expect((await call(a.session, 'DELETE', `/api/v1/messages/sent/${message.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to whoever neither received nor sent a message', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const message = await sent(a.session, { to: [b.membership.id] });
    const id = message.id;
    for (const [method, url, payload] of [
      ['GET', `/api/v1/messages/${id}`],
      ['POST', `/api/v1/messages/${id}/read`],
      ['DELETE', `/api/v1/messages/${id}/read`],
      ['POST', '/api/v1/messages/read', { message_ids: [id] }],
      ['DELETE', '/api/v1/messages/read', { message_ids: [id] }],
      ['DELETE', `/api/v1/messages/${id}`],
      ['DELETE', `/api/v1/messages/sent/${id}`],
      ['DELETE', '/api/v1/messages/delete', { message_ids: [id] }],
      ['DELETE', '/api/v1/messages/sent/delete', { message_ids: [id] }],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: c.session.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get(b.session, `/api/v1/messages/${id}`)).statusCode).toBe(200);
  });
});

describe('read and unread', () => {
  it('marks one or many (the single calls without a body), and counts the unread ones', async () => {
    const [a, b] = [await person(), await person()];
    const one = await sent(a.session, { to: [b.membership.id] });
    const two = await sent(a.session, { to: [b.membership.id] });
    expect(await unreadCount(b.session)).toBe(2);
    expect((await list(b.session)).messages.every((m) => !m.i.read)).toBe(true);
    expect((await call(b.session, 'POST', `/api/v1/messages/${one.id}/read`)).statusCode).toBe(204);
    expect(await unreadCount(b.session)).toBe(1);
    expect((await call(b.session, 'DELETE', `/api/v1/messages/${one.id}/read`)).statusCode).toBe(204);
    expect(await unreadCount(b.session)).toBe(2);
    expect((await call(b.session, 'POST', '/api/v1/messages/read', { message_ids: [one.id, two.id] })).statusCode).toBe(
      204,
    );
    expect(await unreadCount(b.session)).toBe(0);
    expect((await call(b.session, 'DELETE', '/api/v1/messages/read', { message_ids: [two.id] })).statusCode).toBe(204);
    expect(await unreadCount(b.session)).toBe(1);
    expect((await call(b.session, 'DELETE', '/api/v1/messages/delete', { message_ids: [two.id] })).statusCode).toBe(
      204,
    );
    expect(await unreadCount(b.session)).toBe(0);
    // An empty batch is refused; a batch with a foreign id changes nothing.
    expect((await call(b.session, 'POST', '/api/v1/messages/read', { message_ids: [] })).statusCode).toBe(422);
    expect(
      (await call(b.session, 'DELETE', '/api/v1/messages/read', { message_ids: [one.id, 'a'.repeat(24)] })).statusCode,
    ).toBe(404);
    expect((await get(b.session, `/api/v1/messages/${one.id}`)).json().i.read).toBe(true);
  });
});

describe('groups and all members', () => {
  it('expands a group as it is when sent: a member who joins later gets nothing', async () => {
    const admin = await person();
    const [m1, m2, late] = [await person(), await person(), await person()];
    const group = await groupOf(admin, [m1, m2]);
    const message = await sent(admin.session, { to_group: [group.id] });
    expect(message.to_groups).toMatchObject([{ id: group.id, name: group.name, path: `/groups/${group.slug}` }]);
    await settled();
    await t.services.groups.addMembers(networkId, [{ groupId: group.id, membershipId: late.membership.id }]);
    expect((await list(m1.session)).messages.map((m) => m.id)).toEqual([message.id]);
    expect((await list(m2.session, `/api/v1/messages?group_id=${group.id}`)).total).toBe(1);
    expect((await list(late.session)).total).toBe(0);
    expect((await list(admin.session)).total).toBe(0);
    expect((await get(admin.session, `/api/v1/messages/${message.id}`)).json().to_count).toBe(2);
    expect((await list(admin.session, `/api/v1/messages/sent?group_id=${group.id}`)).total).toBe(1);
    expect(await unreadCount(m1.session)).toBe(1);
    const notifications = (await get(m1.session, '/api/v1/notifications')).json();
    expect(JSON.stringify(notifications)).toContain(`/messages/${message.id}`);
  });

  it('sends to all members of the network for a network admin', async () => {
    const net = (await createNetwork(t.services, { host: 'to-all.test' })).id;
    const admin = await createMember(t.services, net, { admin: true });
    const others = await Promise.all([1, 2, 3].map(() => createMember(t.services, net)));
    await createMember(t.services, net, { consumer: true });
    const session = await signIn(t.app, admin.user.email, undefined, 'to-all.test');
    const response = await send(session, { to_all_network_members: true, subject: 'All hands' });
    expect(response.statusCode, response.body).toBe(201);
    await settled();
    const message = (await get(session, `/api/v1/messages/${response.json().id}`)).json<DirectMessage>();
    expect(message).toMatchObject({ to_all_network_members: true, to_count: 3 });
    const other = await signIn(t.app, others[0]!.user.email, undefined, 'to-all.test');
    expect((await list(other)).total).toBe(1);
  });
});

describe('GET /api/v1/messages/{id}', () => {
  it('shows the conversation the viewer may read, newest first', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const first = await sent(a.session, { to: [b.membership.id], subject: 'Q' });
    const reply = await sent(b.session, { to: [a.membership.id], subject: 'A', conversation_starter_id: first.id });
    // c joins the conversation only with the third message.
    const third = await sent(a.session, {
      to: [b.membership.id, c.membership.id],
      subject: 'A2',
      conversation_starter_id: reply.id,
    });
    const seenByA = (await get(a.session, `/api/v1/messages/${first.id}`)).json<DirectMessage>();
    expect(seenByA.conversation.map((m) => m.id)).toEqual([third.id, reply.id]);
    expect(seenByA).toMatchObject({ conversation_length: 3, has_replies: true, conversation_starter_id: first.id });
    const seenByC = (await get(c.session, `/api/v1/messages/${third.id}`)).json<DirectMessage>();
    expect(seenByC.conversation).toEqual([]);
    expect(seenByC).toMatchObject({ has_replies: false, conversation_length: 1 });
    // The first message was answered, as its author sees it.
    expect((await list(b.session)).messages.find((m) => m.id === first.id)?.has_replies).toBe(true);
  });

  it('gives the translation source of a readable message only', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const message = await sent(a.session, { to: [b.membership.id], subject: 'Hallo', content: '<p>Welt</p>' });
    const actorOf = (p: Person) => t.services.members.actorFor(p.membership, 's', null);
    expect(await t.services.messages.translatableFields(actorOf(b), message.id)).toEqual({
      subject: 'Hallo',
      content: '<p>Welt</p>',
    });
    expect(await t.services.messages.translatableFields(actorOf(a), message.id)).not.toBeNull();
    expect(await t.services.messages.translatableFields(actorOf(c), message.id)).toBeNull();
    // Through the translation call: a stranger's 404 comes before any language check.
    const translate = (p: Person) => get(p.session, `/translations/de/message/${message.id}`);
    expect((await translate(c)).statusCode).toBe(404);
    expect((await translate(b)).statusCode).not.toBe(404);
  });
});

describe('notifications, mails and live counts', () => {
  const outboxOf = (email: string) => t.services.mailer.outbox(email);

  it('mails each recipient, with the text only where the network allows it', async () => {
    const a = await person();
    const b = await person({ email: `dm-mail-${Date.now()}@example.test` });
    await sent(a.session, { to: [b.membership.id], subject: 'With text', content: '<p>The secret plan</p>' });
    await settled();
    await vi.waitFor(async () => expect((await outboxOf(b.user.email)).length).toBe(1), {
      timeout: 10_000,
      interval: 100,
    });
    const [withText] = await outboxOf(b.user.email);
    expect(withText!.subject).toContain('With text');
    expect(withText!.text).toContain('The secret plan');

    await storeNetworkSettings(t.database.db, networkId, { notifications_send_direct_message_body: false });
    try {
      await sent(a.session, { to: [b.membership.id], subject: 'Without text', content: '<p>Another plan</p>' });
      await settled();
      await vi.waitFor(async () => expect((await outboxOf(b.user.email)).length).toBe(2), {
        timeout: 10_000,
        interval: 100,
      });
      const without = (await outboxOf(b.user.email)).find((m) => m.subject.includes('Without text'))!;
      expect(without.text).not.toContain('Another plan');
    } finally {
      await storeNetworkSettings(t.database.db, networkId, { notifications_send_direct_message_body: true });
    }
  });

  it("marks the bell's notice of a message read once the message is read or deleted", async () => {
    const [a, b] = [await person(), await person()];
    const unreadNotices = async () =>
      (await get(b.session, '/api/v1/notifications'))
        .json<{ notifications: Array<{ read: boolean; path?: string }> }>()
        .notifications.filter((n) => !n.read).length;
    const first = await sent(a.session, { to: [b.membership.id], subject: 'One' });
    const second = await sent(a.session, { to: [b.membership.id], subject: 'Two' });
    await settled();
    expect(await unreadNotices()).toBe(2);

    await call(b.session, 'POST', `/api/v1/messages/${first.id}/read`);
    await settled();
    expect(await unreadNotices()).toBe(1);
    // Marking unread again brings no notice back; deleting the other one reads its notice.
    await call(b.session, 'DELETE', `/api/v1/messages/${first.id}/read`);
    await call(b.session, 'DELETE', `/api/v1/messages/${second.id}`);
    await settled();
    expect(await unreadNotices()).toBe(0);
  });

  it("pushes the recipient's Messages count as messages arrive and are read", async () => {
    const [a, b] = [await person(), await person()];
    const socket = await connectSocket(await listenOnFreePort(t.app), { cookie: b.session.cookie });
    try {
      const pushed = collectEvents<{ Messages?: number }>(socket, 'unreads:changed');
      const counts = () => pushed.filter((p) => p.Messages !== undefined).map((p) => p.Messages);
      const message = await sent(a.session, { to: [b.membership.id] });
      await settled();
      await vi.waitFor(() => expect(counts().at(-1)).toBe(1));
      await call(b.session, 'POST', `/api/v1/messages/${message.id}/read`);
      await settled();
      await vi.waitFor(() => expect(counts().at(-1)).toBe(0));
    } finally {
      socket.disconnect();
    }
  });
});

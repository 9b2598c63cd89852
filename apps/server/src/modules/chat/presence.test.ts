import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_EVENTS, type ChatAnswers, type ChatPushes, type NetworkSettings } from '@agora/contracts';
import { collectEvents, disconnection, nextEvent, type MemberOptions, type TestApp } from '../../testing/index.ts';
import { ask, chatWorld, createTestApp, ok } from './test-support.ts';

let t: TestApp;
const worlds: Array<{ close(): void }> = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const world of worlds) world.close();
  await t.close();
});

type Net = { id: string; member(options?: MemberOptions): Promise<{ id: string; connect(): Promise<Socket> }> };
let networks = 0;

/** A network of its own (with its own host) per test, with the settings the test needs. */
async function network(settings: Partial<NetworkSettings> = {}): Promise<Net> {
  const world = await chatWorld(t, settings, `presence-${++networks}.test`);
  worlds.push(world);
  return {
    id: world.network.id,
    async member(options = {}) {
      const m = await world.member(options);
      return { id: m.id, connect: m.tab };
    },
  };
}

/** Time for the server to finish what a connection or disconnection set off, before checking that nothing came. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

type StatusPush = ChatPushes['set_status'];

/** The presence pushes about one member (a member also hears of their own connections). */
function statusPushes(socket: Socket, memberId: string): StatusPush[] {
  const heard: StatusPush[] = [];
  socket.on(CHAT_EVENTS.setStatus, (push: StatusPush) => {
    if (push.member_id === memberId) heard.push(push);
  });
  return heard;
}

function nextStatus(socket: Socket, memberId: string, timeoutMs = 3000): Promise<StatusPush> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(CHAT_EVENTS.setStatus, listener);
      reject(new Error(`No set_status of ${memberId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (push: StatusPush) => {
      if (push.member_id !== memberId) return;
      clearTimeout(timer);
      socket.off(CHAT_EVENTS.setStatus, listener);
      resolve(push);
    };
    socket.on(CHAT_EVENTS.setStatus, listener);
  });
}

describe('my_profile', () => {
  it("answers the member's name, default status and chat permissions", async () => {
    const net = await network();
    const anna = await net.member({ firstName: 'Anna', lastName: 'Admin' });
    const socket = await anna.connect();
    expect(await ok(socket, CHAT_EVENTS.myProfile)).toEqual({
      id: anna.id,
      name: 'Anna Admin',
      image_id: null,
      is_external: false,
      status: { type: 'online', text: '' },
      can: { chat: true, start_private_chats: true },
    });
  });

  it('tells an external member that they cannot chat, unless the network lets guests chat', async () => {
    const closed = await network();
    const guest = await closed.member({ external: true });
    const profile = await ok(await guest.connect(), CHAT_EVENTS.myProfile);
    expect(profile.is_external).toBe(true);
    expect(profile.can).toEqual({ chat: false, start_private_chats: false });

    const open = await network({ guest_users_allow_chat: true });
    const welcome = await open.member({ external: true });
    expect((await ok(await welcome.connect(), CHAT_EVENTS.myProfile)).can).toEqual({
      chat: true,
      start_private_chats: false,
    });
  });

  it('answers without a payload too, and a client without a callback gets nothing and breaks nothing', async () => {
    const net = await network();
    const socket = await (await net.member()).connect();
    socket.emit(CHAT_EVENTS.setStatus, { type: 'busy', text: 'no callback' });
    const ack = (await socket.timeout(3000).emitWithAck(CHAT_EVENTS.myProfile)) as { ok: boolean };
    expect(ack.ok).toBe(true);
    expect(socket.connected).toBe(true);
  });
});
type ChatProfileData = ChatAnswers['my_profile'];

describe('set_status', () => {
  it('stores the status, answers the profile and tells the other tabs and the network', async () => {
    const net = await network();
    const anna = await net.member();
    const max = await net.member();
    const tab1 = await anna.connect();
    const tab2 = await anna.connect();
    const maxTab = await max.connect();
    const senderProfiles = collectEvents(tab1, CHAT_EVENTS.myProfile);
    const otherTab = nextEvent<ChatProfileData>(tab2, CHAT_EVENTS.myProfile);
    const toMax = nextStatus(maxTab, anna.id);

    const profile = await ok(tab1, CHAT_EVENTS.setStatus, { type: 'busy', text: 'In a\nmeeting\r\nuntil 3' });
    expect(profile.status).toEqual({ type: 'busy', text: 'In a meeting until 3' });
    expect((await otherTab).status).toEqual(profile.status);
    const push = await toMax;
    expect(push).toMatchObject({ member_id: anna.id, type: 'busy', text: 'In a meeting until 3' });
    expect(Date.parse(push.online_at!)).not.toBeNaN();
    // The sender has the answer; the push to the other tabs is not sent back to it.
    expect(senderProfiles).toEqual([]);
    // It stays: a new connection reads it back.
    expect((await ok(await anna.connect(), CHAT_EVENTS.myProfile)).status.type).toBe('busy');
  });

  it('keeps an empty text empty: the client fills in the default text', async () => {
    const net = await network();
    const socket = await (await net.member()).connect();
    await ok(socket, CHAT_EVENTS.setStatus, { type: 'busy', text: 'Busy with something' });
    expect((await ok(socket, CHAT_EVENTS.setStatus, { type: 'online' })).status).toEqual({
      type: 'online',
      text: '',
    });
  });

  it('pushes invisible as offline, without the text', async () => {
    const net = await network();
    const anna = await net.member();
    const socket = await anna.connect();
    const maxTab = await (await net.member()).connect();
    const toMax = nextStatus(maxTab, anna.id);
    const profile = await ok(socket, CHAT_EVENTS.setStatus, { type: 'invisible', text: 'hiding' });
    expect(profile.status).toEqual({ type: 'invisible', text: 'hiding' });
    expect(await toMax).toEqual({ member_id: anna.id, type: 'offline', text: '', online_at: null });
  });

  it('refuses a text of more than 100 characters (after newlines became spaces) and unknown types', async () => {
    const net = await network();
    const socket = await (await net.member()).connect();
    expect(
      await ask(socket, CHAT_EVENTS.setStatus, { type: 'busy', text: 'x'.repeat(50) + '\n' + 'x'.repeat(49) }),
    ).toMatchObject({ ok: true });
    expect(await ask(socket, CHAT_EVENTS.setStatus, { type: 'busy', text: 'x'.repeat(101) })).toEqual({
      ok: false,
      error: { key: 'invalid', status: 422, details: { fields: { text: ['too_long'] } } },
    });
    expect(await ask(socket, CHAT_EVENTS.setStatus, { type: 'away' })).toMatchObject({
      ok: false,
      error: { key: 'invalid', status: 422, details: { fields: { type: ['invalid'] } } },
    });
    expect((await ok(socket, CHAT_EVENTS.myProfile)).status.text).toHaveLength(100);
  });

  it('refuses a member who may not chat', async () => {
    const net = await network();
    const socket = await (await net.member({ external: true })).connect();
    expect(await ask(socket, CHAT_EVENTS.setStatus, { type: 'busy' })).toEqual({
      ok: false,
      error: { key: 'chat_disabled', status: 403 },
    });
    expect(await ask(socket, CHAT_EVENTS.networkInfo)).toEqual({
      ok: false,
      error: { key: 'chat_disabled', status: 403 },
    });
  });
});

describe('coming and going', () => {
  it('announces the first connection of a member and the end of the last one, to the network only', async () => {
    const net = await network();
    const elsewhere = await network();
    const anna = await net.member();
    const max = await net.member();
    const annaTab = await anna.connect();
    const outsider = await (await elsewhere.member()).connect();
    const outsiderHeard = statusPushes(outsider, max.id);
    const heard = statusPushes(annaTab, max.id);

    const online = nextStatus(annaTab, max.id);
    const maxTab1 = await max.connect();
    expect(await online).toEqual({ member_id: max.id, type: 'online', text: '', online_at: expect.any(String) });
    const onlineAt = (await online).online_at!;

    // A second tab changes nothing for the others; nor does closing one of two.
    const maxTab2 = await max.connect();
    await settle();
    const closed = disconnection(maxTab2);
    maxTab2.disconnect();
    await closed;
    await settle();
    expect(heard).toHaveLength(1);

    const info = await ok(annaTab, CHAT_EVENTS.networkInfo);
    expect(info.online.find((e) => e.member_id === max.id)).toEqual({
      member_id: max.id,
      type: 'online',
      text: '',
      online_at: onlineAt,
    });

    const offline = nextStatus(annaTab, max.id);
    maxTab1.disconnect();
    expect(await offline).toEqual({ member_id: max.id, type: 'offline', text: '', online_at: null });
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.map((e) => e.member_id)).toEqual([anna.id]);
    expect(outsiderHeard).toEqual([]);
  });

  it('keeps an invisible member quiet: no online on connecting, no offline on leaving', async () => {
    const net = await network();
    const anna = await net.member();
    const shy = await net.member();
    const setup = await shy.connect();
    await ok(setup, CHAT_EVENTS.setStatus, { type: 'invisible' });
    setup.disconnect();
    await settle();

    const annaTab = await anna.connect();
    const heard = statusPushes(annaTab, shy.id);
    const shyTab = await shy.connect();
    await settle();
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.map((e) => e.member_id)).toEqual([anna.id]);
    expect((await t.services.chatPresence.statusOf(net.id, [shy.id])).get(shy.id)).toEqual({
      type: 'offline',
      text: '',
    });
    shyTab.disconnect();
    await settle();
    expect(heard).toEqual([]);
  });

  it('leaves out externals where guests may not chat', async () => {
    const net = await network();
    const anna = await net.member();
    const guest = await net.member({ external: true });
    const annaTab = await anna.connect();
    const heard = statusPushes(annaTab, guest.id);
    await guest.connect();
    await settle();
    expect(heard).toEqual([]);
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.map((e) => e.member_id)).toEqual([anna.id]);
  });
});

describe('network_info', () => {
  it("answers the network's chat settings and who is online, busy ones with their text", async () => {
    const net = await network({
      chat_message_update_period_minutes: 30,
      chat_message_allow_destroy: false,
      max_file_attachments: 3,
      max_image_attachments: 4,
    });
    const anna = await net.member();
    const max = await net.member();
    const lena = await net.member();
    await net.member(); // never connects
    const annaTab = await anna.connect();
    const maxTab = await max.connect();
    await max.connect();
    const lenaTab = await lena.connect();
    await ok(maxTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'Focus time' });
    await ok(lenaTab, CHAT_EVENTS.setStatus, { type: 'invisible' });

    const info = await ok(annaTab, CHAT_EVENTS.networkInfo);
    expect(info).toMatchObject({
      id: net.id,
      name: 'Chat Network',
      show_online_status: true,
      chat_message_allow_update: true,
      chat_message_allow_destroy: false,
      chat_message_update_period_minutes: 30,
      max_file_attachments: 3,
      max_image_attachments: 4,
    });
    // One entry per member however many tabs, since the first one.
    expect(info.online.map(({ member_id, type, text }) => ({ member_id, type, text }))).toEqual([
      { member_id: anna.id, type: 'online', text: '' },
      { member_id: max.id, type: 'busy', text: 'Focus time' },
    ]);
  });
});

describe('a network that does not show online status', () => {
  it('pushes no presence and lists nobody online', async () => {
    const net = await network({ show_online_status: false });
    const anna = await net.member();
    const max = await net.member();
    const annaTab = await anna.connect();
    const heard = collectEvents(annaTab, CHAT_EVENTS.setStatus);
    const maxTab = await max.connect();
    const profile = await ok(maxTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'still stored' });
    expect(profile.status).toEqual({ type: 'busy', text: 'still stored' });
    maxTab.disconnect();
    await settle();
    expect(heard).toEqual([]);
    const info = await ok(annaTab, CHAT_EVENTS.networkInfo);
    expect(info.show_online_status).toBe(false);
    expect(info.online).toEqual([]);
    expect((await t.services.chatPresence.statusOf(net.id, [anna.id])).get(anna.id)?.type).toBe('offline');
  });
});

describe('statusOf', () => {
  it("gives each member's presence as others see it", async () => {
    const net = await network();
    const online = await net.member();
    const busy = await net.member();
    const invisible = await net.member();
    const away = await net.member();
    await online.connect();
    await ok(await busy.connect(), CHAT_EVENTS.setStatus, { type: 'busy', text: 'Call' });
    await ok(await invisible.connect(), CHAT_EVENTS.setStatus, { type: 'invisible', text: 'x' });
    const statuses = await t.services.chatPresence.statusOf(net.id, [online.id, busy.id, invisible.id, away.id]);
    expect(Object.fromEntries(statuses)).toEqual({
      [online.id]: { type: 'online', text: '' },
      [busy.id]: { type: 'busy', text: 'Call' },
      [invisible.id]: { type: 'offline', text: '' },
      [away.id]: { type: 'offline', text: '' },
    });
    expect((await t.services.chatPresence.statusOf(net.id, [])).size).toBe(0);
  });
});

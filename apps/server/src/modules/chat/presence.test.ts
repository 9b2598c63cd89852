import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_EVENTS, type ChatAnswers, type ChatPushes, type NetworkSettings } from '@agora/contracts';
import { collectEvents, disconnection, nextEvent, type MemberOptions, type TestApp } from '../../testing/index.ts';
import { COALESCE_MS } from './presence.ts';
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
/** The same after a member's last connection closed: the offline goes out COALESCE_MS later. */
const settleLeaving = () => new Promise((resolve) => setTimeout(resolve, COALESCE_MS + 500));

/** Opens a direct chat between the tab's member and another: from then on each shows the other's presence. */
async function directChat(tab: Socket, partnerId: string): Promise<void> {
  await ok(tab, CHAT_EVENTS.createChat, { type: 'member', id: partnerId });
}

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
  it('stores the status, answers the profile and tells the other tabs and those who show the member', async () => {
    const net = await network();
    const anna = await net.member();
    const max = await net.member();
    const lena = await net.member();
    const tab1 = await anna.connect();
    const tab2 = await anna.connect();
    await directChat(tab1, max.id);
    const maxTab = await max.connect();
    const lenaTab = await lena.connect();
    const lenaHeard = collectEvents(lenaTab, CHAT_EVENTS.setStatus);
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
    // Lena shares no chat with Anna and watches nobody: she shows Anna nowhere and hears nothing.
    await settle();
    expect(lenaHeard).toEqual([]);
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
    const max = await net.member();
    const socket = await anna.connect();
    await directChat(socket, max.id);
    const maxTab = await max.connect();
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
  it('announces the first connection of a member and the end of the last one, to the partners of their direct chats only', async () => {
    const net = await network();
    const elsewhere = await network();
    const anna = await net.member();
    const max = await net.member();
    const lena = await net.member();
    const setup = await anna.connect();
    await directChat(setup, max.id);
    setup.disconnect();
    // Anna's tab joins her partners' presence when it opens.
    const annaTab = await anna.connect();
    const lenaTab = await lena.connect();
    const lenaHeard = statusPushes(lenaTab, max.id);
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
    await settleLeaving();
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
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.map((e) => e.member_id).sort()).toEqual(
      [anna.id, lena.id].sort(),
    );
    expect(outsiderHeard).toEqual([]);
    expect(lenaHeard).toEqual([]);
  });

  it('pushes nothing when a member leaves and comes back within a moment (a reload)', async () => {
    const net = await network();
    const anna = await net.member();
    const max = await net.member();
    const annaTab = await anna.connect();
    await directChat(annaTab, max.id);
    const online = nextStatus(annaTab, max.id);
    const maxTab = await max.connect();
    await online;
    const heard = statusPushes(annaTab, max.id);
    const closed = disconnection(maxTab);
    maxTab.disconnect();
    await closed;
    await max.connect();
    await settleLeaving();
    expect(heard).toEqual([]);
  });

  it('lets both members of a direct chat begun while connected hear of each other from then on', async () => {
    const net = await network();
    const anna = await net.member();
    const max = await net.member();
    const annaTab = await anna.connect();
    const maxTab = await max.connect();
    const annaHeard = statusPushes(annaTab, max.id);
    await ok(maxTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'before' });
    await settle();
    expect(annaHeard).toEqual([]);

    await directChat(annaTab, max.id);
    const toAnna = nextStatus(annaTab, max.id);
    await ok(maxTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'after' });
    expect(await toAnna).toMatchObject({ type: 'busy', text: 'after' });
    const toMax = nextStatus(maxTab, anna.id);
    await ok(annaTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'me too' });
    expect(await toMax).toMatchObject({ type: 'busy', text: 'me too' });
  });

  it('keeps an invisible member quiet: no online on connecting, no offline on leaving', async () => {
    const net = await network();
    const anna = await net.member();
    const shy = await net.member();
    const setup = await shy.connect();
    await ok(setup, CHAT_EVENTS.setStatus, { type: 'invisible' });
    await directChat(setup, anna.id);
    setup.disconnect();
    await settleLeaving();

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
    await settleLeaving();
    expect(heard).toEqual([]);
  });

  it('leaves out externals where guests may not chat', async () => {
    const net = await network();
    const anna = await net.member();
    const guest = await net.member({ external: true });
    const annaTab = await anna.connect();
    await ok(annaTab, CHAT_EVENTS.presenceWatch, { member_ids: [guest.id] });
    const heard = statusPushes(annaTab, guest.id);
    await guest.connect();
    await settle();
    expect(heard).toEqual([]);
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.map((e) => e.member_id)).toEqual([anna.id]);
  });
});

describe('presence_watch', () => {
  it('answers who of the watched members is online and pushes their changes until the watch is replaced', async () => {
    const net = await network();
    const elsewhere = await network();
    const anna = await net.member();
    const max = await net.member();
    const lena = await net.member();
    const stranger = await elsewhere.member();
    const maxTab = await max.connect();
    await ok(maxTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'Focus' });
    await stranger.connect();
    const annaTab = await anna.connect();

    // Members of another network are not watched (nor answered); nor is the member themself.
    const answer = await ok(annaTab, CHAT_EVENTS.presenceWatch, {
      member_ids: [max.id, lena.id, stranger.id, anna.id, max.id],
    });
    expect(answer.online).toEqual([{ member_id: max.id, type: 'busy', text: 'Focus', online_at: expect.any(String) }]);
    const strangerHeard = statusPushes(annaTab, stranger.id);

    const lenaOnline = nextStatus(annaTab, lena.id);
    const lenaTab = await lena.connect();
    expect(await lenaOnline).toMatchObject({ member_id: lena.id, type: 'online' });
    const maxOffline = nextStatus(annaTab, max.id);
    maxTab.disconnect();
    expect(await maxOffline).toMatchObject({ member_id: max.id, type: 'offline' });

    // A new watch replaces the old one; an empty one stops it.
    expect(await ok(annaTab, CHAT_EVENTS.presenceWatch, { member_ids: [] })).toEqual({ online: [] });
    const heard = statusPushes(annaTab, lena.id);
    await ok(lenaTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'unseen' });
    await settle();
    expect(heard).toEqual([]);
    expect(strangerHeard).toEqual([]);
  });

  it('refuses more members than a page shows, and ids that are not ids', async () => {
    const net = await network();
    const socket = await (await net.member()).connect();
    const many = Array.from({ length: 101 }, (_, i) => String(i).padStart(24, '0'));
    expect(await ask(socket, CHAT_EVENTS.presenceWatch, { member_ids: many })).toMatchObject({
      ok: false,
      error: { key: 'invalid', status: 422 },
    });
    expect(await ask(socket, CHAT_EVENTS.presenceWatch, { member_ids: [42] })).toMatchObject({
      ok: false,
      error: { key: 'invalid', status: 422 },
    });
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
    await directChat(annaTab, max.id);
    expect(await ok(annaTab, CHAT_EVENTS.presenceWatch, { member_ids: [max.id] })).toEqual({ online: [] });
    const heard = collectEvents(annaTab, CHAT_EVENTS.setStatus);
    const maxTab = await max.connect();
    const profile = await ok(maxTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'still stored' });
    expect(profile.status).toEqual({ type: 'busy', text: 'still stored' });
    maxTab.disconnect();
    await settleLeaving();
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

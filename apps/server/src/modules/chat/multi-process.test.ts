import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, directChatId, groupChatId, type ChatPushes } from '@agora/contracts';
import { createMember, nextEvent } from '../../testing/index.ts';
import { POSTGRES_AND_REDIS, processFixture } from '../../testing/process-fixture.ts';
import { chatToken, signIn, type ServerProcess } from '../../testing/processes.ts';
import { ONLINE_TTL_MS } from './presence-online.ts';
import { ok, reference } from './test-support.ts';

/** The next push of `event` that `matches`; fails after a while. */
function nextPush<T>(socket: Socket, event: string, matches: (payload: T) => boolean, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`No matching ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

describe.skipIf(!POSTGRES_AND_REDIS)('two server processes sharing PostgreSQL and Redis', () => {
  const processes = processFixture({ name: 'mp', redis: true });
  let servers: ServerProcess[];
  let anna: { id: string; email: string };
  let ben: { id: string; email: string };
  let groupId: string;

  beforeAll(async () => {
    await processes.prepare(async (services) => {
      const network = await services.networks.create({ name: 'Two processes', language: 'en' });
      const a = await createMember(services, network.id, { firstName: 'Anna', lastName: 'Eins' });
      const b = await createMember(services, network.id, { firstName: 'Ben', lastName: 'Zwei' });
      anna = { id: a.membership.id, email: a.user.email };
      ben = { id: b.membership.id, email: b.user.email };
      const [category] = await services.groups.createCategories(network.id, [
        { slug: 'teams', name: 'Team', pluralName: 'Teams' },
      ]);
      const [group] = await services.groups.createGroups(network.id, [
        { groupCategoryId: category!.id, slug: 'both', name: 'Both of us' },
      ]);
      groupId = group!.id;
      await services.groups.addMembers(network.id, [
        { groupId, membershipId: anna.id, role: 'admin' },
        { groupId, membershipId: ben.id, role: 'member' },
      ]);
    });
    servers = await processes.startTogether(2);
  });

  afterAll(() => processes.stop());

  it('carries messages, read markers and presence from one process to the other', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const annaTab = await processes.connect(one, { cookie: (await signIn(one.url, anna.email)).cookie });
    // Ben signs in on process 1 and connects to process 2 with the chat token process 1 gave him.
    const benToken = await chatToken(one.url, await signIn(one.url, ben.email));

    type Status = ChatPushes['set_status'];
    // Anna shows Ben (a page with online dots): his presence reaches her from the other process.
    expect(await ok(annaTab, CHAT_EVENTS.presenceWatch, { member_ids: [ben.id] })).toEqual({ online: [] });
    const benOnline = nextPush<Status>(annaTab, CHAT_EVENTS.setStatus, (s) => s.member_id === ben.id);
    const benTab = await processes.connect(two, { token: benToken });
    expect(await benOnline).toMatchObject({ member_id: ben.id, type: 'online' });

    const info = await ok(annaTab, CHAT_EVENTS.networkInfo);
    expect(info.online.map((e) => e.member_id).sort()).toEqual([anna.id, ben.id].sort());

    const benBusy = nextPush<Status>(annaTab, CHAT_EVENTS.setStatus, (s) => s.member_id === ben.id);
    await ok(benTab, CHAT_EVENTS.setStatus, { type: 'busy', text: 'On the other process' });
    expect(await benBusy).toMatchObject({ member_id: ben.id, type: 'busy', text: 'On the other process' });
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.find((e) => e.member_id === ben.id)).toMatchObject({
      type: 'busy',
      text: 'On the other process',
    });

    // A direct message from process 1 reaches process 2; its acknowledgement comes back.
    const chatId = directChatId(anna.id, ben.id);
    const arrival = nextEvent<ChatPushes['message']>(benTab, CHAT_EVENTS.message, 5000);
    const sent = await ok(annaTab, CHAT_EVENTS.message, {
      chat_id: chatId,
      text: 'Hallo von Prozess 1',
      client_reference: reference(),
    });
    expect(sent).toMatchObject({ chat_id: chatId, text: 'Hallo von Prozess 1', from: { id: anna.id } });
    expect(await arrival).toMatchObject({ id: sent.id, text: 'Hallo von Prozess 1' });

    // Ben reads it on process 2: Anna's ticks on process 1 learn it.
    const read = nextPush<ChatPushes['mark_as_read']>(annaTab, CHAT_EVENTS.markAsRead, (m) => m.chat_id === chatId);
    await ok(benTab, CHAT_EVENTS.markAsRead, { chat_id: chatId, message_id: sent.id });
    expect(await read).toMatchObject({ chat_id: chatId, member_id: ben.id, message_id: sent.id, seq: sent.seq });

    // The group's room spans both processes too.
    const groupArrival = nextEvent<ChatPushes['message']>(benTab, CHAT_EVENTS.message, 5000);
    const toGroup = await ok(annaTab, CHAT_EVENTS.message, {
      chat_id: groupChatId(groupId),
      text: 'An alle',
      client_reference: reference(),
    });
    expect(await groupArrival).toMatchObject({ id: toGroup.id, group_name: 'Both of us' });

    // The direct chat makes each show the other on both processes, watched or not.
    await ok(annaTab, CHAT_EVENTS.presenceWatch, { member_ids: [] });
    // Ben leaves: process 1 hears it once he stayed away a moment, and stops listing him once its list is renewed.
    const benOffline = nextPush<Status>(annaTab, CHAT_EVENTS.setStatus, (s) => s.member_id === ben.id);
    benTab.disconnect();
    expect(await benOffline).toEqual({ member_id: ben.id, type: 'offline', text: '', online_at: null });
    await new Promise((resolve) => setTimeout(resolve, ONLINE_TTL_MS + 100));
    expect((await ok(annaTab, CHAT_EVENTS.networkInfo)).online.map((e) => e.member_id)).toEqual([anna.id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChatId, groupChatId, type ChatAnswers } from '@agora/contracts';
import { collectEvents, nextEvent } from '../../testing/index.ts';
import { chatWorld, createTestApp, FAST_SENDERS, ok, refused, text, type ChatMember } from './test-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof chatWorld>>;
let guests: Awaited<ReturnType<typeof chatWorld>>;
let anna: ChatMember;
let max: ChatMember;
let lena: ChatMember;

beforeAll(async () => {
  t = await createTestApp(FAST_SENDERS);
  // Guests may not chat here (the default) ...
  w = await chatWorld(t);
  // ... and may here.
  guests = await chatWorld(t, { guest_users_allow_chat: true }, 'guests.test');
  anna = await w.member({ firstName: 'Anna', lastName: 'Adler' });
  max = await w.member({ firstName: 'Max', lastName: 'Meier' });
  lena = await w.member({ firstName: 'Lena', lastName: 'Schmidt' });
});
afterAll(async () => {
  w.close();
  guests.close();
  await t.close();
});

const someId = '0123456789abcdef01234567';

describe('a member who may not chat', () => {
  it('is refused every chat event with chat_disabled', async () => {
    const gina = await w.member({ external: true });
    const tab = await gina.tab();
    const chatId = directChatId(gina.id, anna.id);
    const events: Array<[keyof ChatAnswers, object]> = [
      ['message', text(chatId, 'Hallo')],
      ['create_chat', { type: 'member', id: anna.id }],
      ['mark_as_read', { chat_id: chatId, message_id: someId }],
      ['mark_as_received', { chat_id: chatId, message_id: someId }],
      ['mute_chat', { chat_id: 'network', muted_until: '2030-01-01T00:00:00Z' }],
      ['unmute_chat', { chat_id: 'network' }],
      ['composing', { chat_id: 'network' }],
      ['update_message', { chat_id: chatId, id: someId, text: 'x' }],
      ['delete_message', { chat_id: chatId, id: someId }],
      ['my_chats', {}],
      ['chat_details', { chat_id: 'network' }],
      ['more_messages', { chat_id: 'network', before_id: someId }],
    ];
    for (const [event, payload] of events) {
      expect(await refused(tab, event, payload), event).toEqual({ key: 'chat_disabled', status: 403 });
    }
  });

  it('hears nothing of the network chat', async () => {
    const gina = await w.member({ external: true });
    const [ginaTab, annaTab, maxTab] = await Promise.all([gina.tab(), anna.tab(), max.tab()]);
    const atGina = collectEvents(ginaTab, 'message');
    const composingAtGina = collectEvents(ginaTab, 'composing');
    await ok(annaTab, 'composing', { chat_id: 'network' });
    const atMax = nextEvent(maxTab, 'message');
    await ok(annaTab, 'message', text('network', 'nur für alle, die chatten'));
    await atMax;
    // Gina's connection still hears the network's other news.
    const news = nextEvent(ginaTab, 'network:news');
    t.services.realtime.toNetwork(w.network.id, 'network:news', {});
    await news;
    expect(atGina).toEqual([]);
    expect(composingAtGina).toEqual([]);
  });

  it('cannot be written to: opening a chat with them is refused', async () => {
    const gina = await w.member({ external: true });
    const annaTab = await anna.tab();
    expect(await refused(annaTab, 'create_chat', { type: 'member', id: gina.id })).toEqual({
      key: 'no_write_permission',
      status: 403,
    });
    expect(await refused(annaTab, 'message', text(directChatId(anna.id, gina.id), 'Hallo'))).toEqual({
      key: 'no_write_permission',
      status: 403,
    });
  });
});

describe('external members where guests may chat', () => {
  it('cannot start a direct chat, but answer one a member started', async () => {
    const [guest, host] = await Promise.all([guests.member({ external: true }), guests.member()]);
    const [guestTab, hostTab] = await Promise.all([guest.tab(), host.tab()]);
    const chatId = directChatId(guest.id, host.id);
    const refusal = { key: 'external_cannot_start_private_chat', status: 403 };
    expect(await refused(guestTab, 'create_chat', { type: 'member', id: host.id })).toEqual(refusal);
    expect(await refused(guestTab, 'message', text(chatId, 'Hallo'))).toEqual(refusal);
    // Nothing was made by the refusals.
    expect(await ok(hostTab, 'my_chats', {})).toMatchObject({ chats: [{ id: 'network' }] });

    await ok(hostTab, 'message', text(chatId, 'Willkommen!'));
    const reply = await ok(guestTab, 'message', text(chatId, 'Danke!'));
    expect(reply.seq).toBe(2);
    expect((await ok(guestTab, 'chat_details', { chat_id: chatId })).chat.can.write).toBe(true);
  });
});

describe('chats one is not a member of', () => {
  it('are not found, whether they exist or not: direct chats of others', async () => {
    const [annaTab, lenaTab] = await Promise.all([anna.tab(), lena.tab()]);
    const theirs = directChatId(anna.id, max.id);
    const sent = await ok(annaTab, 'message', text(theirs, 'privat'));
    const lenaHears = collectEvents(lenaTab, 'message');
    const notFound = { key: 'not_found', status: 404 };
    expect(await refused(lenaTab, 'chat_details', { chat_id: theirs })).toEqual(notFound);
    expect(await refused(lenaTab, 'more_messages', { chat_id: theirs, before_id: sent.id })).toEqual(notFound);
    expect(await refused(lenaTab, 'message', text(theirs, 'rein da'))).toEqual(notFound);
    expect(await refused(lenaTab, 'mark_as_read', { chat_id: theirs, message_id: sent.id })).toEqual(notFound);
    expect(await refused(lenaTab, 'composing', { chat_id: theirs })).toEqual(notFound);
    expect(await refused(lenaTab, 'mute_chat', { chat_id: theirs, muted_until: '2030-01-01T00:00:00Z' })).toEqual(
      notFound,
    );
    expect(await refused(lenaTab, 'delete_message', { chat_id: theirs, id: sent.id })).toEqual(notFound);
    // A direct chat with a member of no network of hers, or with nobody.
    expect(await refused(lenaTab, 'create_chat', { type: 'member', id: someId })).toEqual(notFound);
    expect(await refused(lenaTab, 'chat_details', { chat_id: directChatId(someId, lena.id) })).toEqual(notFound);
    // The two members in the other order name no chat.
    const [first, second] = [anna.id, lena.id].sort();
    expect(await refused(lenaTab, 'message', text(`member/${second}:${first}`, 'falsch herum'))).toEqual({
      key: 'invalid',
      status: 422,
      details: { fields: { chat_id: ['invalid'] } },
    });
    await ok(annaTab, 'message', text(theirs, 'noch privat'));
    await ok(lenaTab, 'my_chats', {});
    expect(lenaHears).toEqual([]);
    expect((await ok(lenaTab, 'my_chats', {})).chats.map((c) => c.id)).not.toContain(theirs);
  });

  it('are not found: the chat of a group one is not in, or whose chat is disabled', async () => {
    const [annaTab, lenaTab] = await Promise.all([anna.tab(), lena.tab()]);
    const group = await w.group([anna, max]);
    const quiet = await w.group([anna, lena], { chatEnabled: false });
    await ok(annaTab, 'message', text(groupChatId(group.id), 'nur für die Gruppe'));
    for (const chatId of [groupChatId(group.id), groupChatId(quiet.id), groupChatId(someId)]) {
      expect(await refused(lenaTab, 'chat_details', { chat_id: chatId }), chatId).toEqual({
        key: 'not_found',
        status: 404,
      });
      expect(await refused(lenaTab, 'message', text(chatId, 'hallo?')), chatId).toMatchObject({ key: 'not_found' });
    }
    expect(await refused(lenaTab, 'create_chat', { type: 'group', id: group.id })).toMatchObject({ key: 'not_found' });
    expect(await refused(annaTab, 'create_chat', { type: 'group', id: quiet.id })).toMatchObject({ key: 'not_found' });
    const listed = (await ok(lenaTab, 'my_chats', {})).chats.map((c) => c.id);
    expect(listed).not.toContain(groupChatId(group.id));
    expect(listed).not.toContain(groupChatId(quiet.id));
  });
});

describe('write permission', () => {
  it('is gone in the chat of an archived group, which stays readable', async () => {
    const annaTab = await anna.tab();
    const archived = await w.group([anna, max], { archived: true });
    const chat = await ok(annaTab, 'create_chat', { type: 'group', id: archived.id });
    expect(chat.can).toEqual({ write: false, update_messages: false, destroy_messages: false });
    expect(await refused(annaTab, 'message', text(chat.id, 'hallo?'))).toEqual({
      key: 'no_write_permission',
      status: 403,
    });
    expect(await refused(annaTab, 'composing', { chat_id: chat.id })).toMatchObject({ key: 'no_write_permission' });
  });

  it('is gone in a direct chat whose partner was locked', async () => {
    const annaTab = await anna.tab();
    const partner = await w.member({ firstName: 'Paul', lastName: 'Partner' });
    const chatId = directChatId(anna.id, partner.id);
    const sent = await ok(annaTab, 'message', text(chatId, 'Hallo Paul'));
    await t.services.members.setLocked(w.network.id, partner.id, true);
    const { chat, messages } = await ok(annaTab, 'chat_details', { chat_id: chatId });
    expect(messages.map((m) => m.id)).toEqual([sent.id]);
    expect(chat.can.write).toBe(false);
    expect(await refused(annaTab, 'message', text(chatId, 'Paul?'))).toEqual({
      key: 'no_write_permission',
      status: 403,
    });
  });
});

describe('composing', () => {
  it('reaches the chat’s other connections, not the typing one, and is not stored', async () => {
    const [annaTab, maxTab, lenaTab] = await Promise.all([anna.tab(), max.tab(), lena.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const atMax = nextEvent(maxTab, 'composing');
    const atAnna = collectEvents(annaTab, 'composing');
    const atLena = collectEvents(lenaTab, 'composing');
    expect(await ok(annaTab, 'composing', { chat_id: chatId })).toBeNull();
    expect(await atMax).toEqual({ chat_id: chatId, member: { id: anna.id, name: 'Anna Adler', image_id: null } });
    await ok(annaTab, 'my_chats', {});
    expect(atAnna).toEqual([]);
    expect(atLena).toEqual([]);
  });
});

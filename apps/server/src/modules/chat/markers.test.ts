import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MUTED_FOREVER, directChatId, groupChatId, type ChatPushes } from '@agora/contracts';
import { collectEvents, nextEvent } from '../../testing/index.ts';
import { chatWorld, createTestApp, FAST_SENDERS, ok, refused, text, type ChatMember } from './test-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof chatWorld>>;
let anna: ChatMember;
let max: ChatMember;
let lena: ChatMember;

beforeAll(async () => {
  t = await createTestApp(FAST_SENDERS);
  w = await chatWorld(t);
  anna = await w.member({ firstName: 'Anna', lastName: 'Adler' });
  max = await w.member({ firstName: 'Max', lastName: 'Meier' });
  lena = await w.member({ firstName: 'Lena', lastName: 'Schmidt' });
});
afterAll(async () => {
  w.close();
  await t.close();
});

describe('mark_as_read', () => {
  it('resets the unread count, tells the reader’s other tabs and the partner, and never moves back', async () => {
    const [annaTab, maxTab, maxOther] = await Promise.all([anna.tab(), max.tab(), max.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const first = await ok(annaTab, 'message', text(chatId, 'eins'));
    const second = await ok(annaTab, 'message', text(chatId, 'zwei'));
    const chatOf = async () => (await ok(maxTab, 'my_chats', {})).chats.find((c) => c.id === chatId)!;
    expect((await chatOf()).state.unread_count).toBe(2);

    const atAnna = nextEvent<ChatPushes['mark_as_read']>(annaTab, 'mark_as_read');
    const atOtherTab = nextEvent<ChatPushes['mark_as_read']>(maxOther, 'mark_as_read');
    const notBack = collectEvents(maxTab, 'mark_as_read');
    const state = await ok(maxTab, 'mark_as_read', { chat_id: chatId, message_id: second.id });
    expect(state).toEqual({
      muted_until: null,
      app_muted_until: null,
      last_read_id: second.id,
      last_read_seq: second.seq,
      unread_count: 0,
    });
    const pushed = { chat_id: chatId, member_id: max.id, message_id: second.id, seq: second.seq };
    expect(await atAnna).toEqual(pushed);
    expect(await atOtherTab).toEqual(pushed);

    // An older message read later, or the same again, changes nothing and is told to nobody.
    const annaHears = collectEvents(annaTab, 'mark_as_read');
    const otherTabHears = collectEvents(maxOther, 'mark_as_read');
    expect(await ok(maxTab, 'mark_as_read', { chat_id: chatId, message_id: first.id })).toEqual(state);
    expect(await ok(maxTab, 'mark_as_read', { chat_id: chatId, message_id: second.id })).toEqual(state);
    const annaSees = (await ok(annaTab, 'chat_details', { chat_id: chatId })).chat.partner_state;
    expect(annaSees).toMatchObject({ last_read_id: second.id, last_read_seq: second.seq, last_received_id: second.id });
    expect(notBack).toEqual([]);
    expect(annaHears).toEqual([]);
    expect(otherTabHears).toEqual([]);
  });

  it('counts only others’ messages that are not deleted, up to the cap', async () => {
    const [annaTab, lenaTab] = await Promise.all([anna.tab(), lena.tab()]);
    const chatId = directChatId(anna.id, lena.id);
    const gone = await ok(annaTab, 'message', text(chatId, 'weg'));
    await ok(annaTab, 'message', text(chatId, 'bleibt'));
    await ok(lenaTab, 'message', text(chatId, 'eigene'));
    await ok(annaTab, 'delete_message', { chat_id: chatId, id: gone.id });
    // Lena's own message moved her read marker past the first two.
    const lenaChat = async () => (await ok(lenaTab, 'my_chats', {})).chats.find((c) => c.id === chatId)!;
    expect((await lenaChat()).state.unread_count).toBe(0);
    const edited = await ok(annaTab, 'message', text(chatId, 'neu'));
    await ok(annaTab, 'update_message', { chat_id: chatId, id: edited.id, text: 'neu, bearbeitet' });
    expect((await lenaChat()).state.unread_count).toBe(1);

    for (let i = 0; i < 105; i++) {
      await t.services.chat.sendMessage(anna.actor, {
        chat_id: chatId,
        text: `#${i}`,
        client_reference: `cap-${i}`,
        file_ids: [],
        image_ids: [],
      });
    }
    expect((await lenaChat()).state.unread_count).toBe(100);
  });

  it('in a group chat tells only the reader’s tabs', async () => {
    const group = await w.group([anna, max, lena]);
    const [annaTab, maxTab, lenaTab] = await Promise.all([anna.tab(), max.tab(), lena.tab()]);
    const chatId = groupChatId(group.id);
    const sent = await ok(annaTab, 'message', text(chatId, 'Hallo Gruppe'));
    const atAnna = collectEvents(annaTab, 'mark_as_read');
    const atLena = collectEvents(lenaTab, 'mark_as_read');
    const state = await ok(maxTab, 'mark_as_read', { chat_id: chatId, message_id: sent.id });
    expect(state.unread_count).toBe(0);
    await ok(annaTab, 'message', text(chatId, 'noch was'));
    await ok(lenaTab, 'my_chats', {});
    expect(atAnna).toEqual([]);
    expect(atLena).toEqual([]);
    const { chat } = await ok(maxTab, 'chat_details', { chat_id: chatId });
    expect(chat).toMatchObject({ partner_state: null, state: { last_read_id: sent.id, unread_count: 1 } });
  });

  it('refuses a message that is not one of the chat', async () => {
    const annaTab = await anna.tab();
    const other = await ok(annaTab, 'message', text('network', 'Netzwerk'));
    expect(
      await refused(annaTab, 'mark_as_read', { chat_id: directChatId(anna.id, max.id), message_id: other.id }),
    ).toEqual({ key: 'not_found', status: 404 });
  });
});

describe('mark_as_received', () => {
  it('tells the partner of a direct chat (delivery ticks); in a group chat nothing is kept', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const sent = await ok(annaTab, 'message', text(chatId, 'angekommen?'));
    const atAnna = nextEvent<ChatPushes['mark_as_received']>(annaTab, 'mark_as_received');
    const answer = await ok(maxTab, 'mark_as_received', { chat_id: chatId, message_id: sent.id });
    expect(answer).toMatchObject({ last_received_id: sent.id, last_received_seq: sent.seq });
    expect(await atAnna).toEqual({ chat_id: chatId, member_id: max.id, message_id: sent.id, seq: sent.seq });
    expect((await ok(annaTab, 'chat_details', { chat_id: chatId })).chat.partner_state).toMatchObject({
      last_received_id: sent.id,
    });

    const group = await w.group([anna, max]);
    const inGroup = await ok(annaTab, 'message', text(groupChatId(group.id), 'Gruppe'));
    expect(await ok(maxTab, 'mark_as_received', { chat_id: groupChatId(group.id), message_id: inGroup.id })).toBeNull();
  });
});

describe('muting', () => {
  it('mutes a chat until a time (or the app’s notifications), tells the other tabs, and unmutes', async () => {
    const [lenaTab, lenaOther] = await Promise.all([lena.tab(), lena.tab()]);
    const group = await w.group([lena, anna]);
    const chatId = groupChatId(group.id);
    const atOther = nextEvent<ChatPushes['mute_chat']>(lenaOther, 'mute_chat');
    // A group chat nobody wrote in yet.
    const muted = await ok(lenaTab, 'mute_chat', { chat_id: chatId, muted_until: CHAT_MUTED_FOREVER });
    expect(muted).toMatchObject({ muted_until: CHAT_MUTED_FOREVER, app_muted_until: null, unread_count: 0 });
    expect(await atOther).toEqual({ chat_id: chatId, state: muted });

    const inApp = await ok(lenaTab, 'mute_chat', {
      chat_id: chatId,
      muted_until: '2030-05-01T10:00:00+02:00',
      app: true,
    });
    expect(inApp).toMatchObject({ muted_until: CHAT_MUTED_FOREVER, app_muted_until: '2030-05-01T08:00:00.000Z' });

    const unmutedAtOther = nextEvent<ChatPushes['unmute_chat']>(lenaOther, 'unmute_chat');
    const unmuted = await ok(lenaTab, 'unmute_chat', { chat_id: chatId });
    expect(unmuted).toMatchObject({ muted_until: null, app_muted_until: '2030-05-01T08:00:00.000Z' });
    expect((await unmutedAtOther).state).toEqual(unmuted);
    const listed = (await ok(lenaTab, 'my_chats', {})).chats.find((c) => c.id === chatId)!;
    expect(listed.state).toEqual(unmuted);
    expect(await refused(lenaTab, 'mute_chat', { chat_id: chatId, muted_until: 'morgen' })).toMatchObject({
      key: 'invalid',
      details: { fields: { muted_until: ['invalid'] } },
    });
  });
});

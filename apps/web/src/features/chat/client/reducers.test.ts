import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '@agora/contracts';
import { ME, PARTNER, testChat, testMessage } from './fixtures.ts';
import {
  applyMessageToChat,
  applyReadMarker,
  applyReceivedMarker,
  chatsWithUnread,
  isMuted,
  sortChats,
  upsertMessage,
  type ChatRoomData,
} from './reducers.ts';

const mine = (seq: number, reference: string | null = null) =>
  testMessage(seq, { from: { id: ME, name: 'Anna', image_id: null }, client_reference: reference });

function room(messages = [testMessage(1), testMessage(2)], hasMore = false): ChatRoomData {
  return { chat: testChat({ revision: 2 }), messages, hasMore };
}

describe('a pushed message', () => {
  it('becomes the last message and counts as unread once, however often it arrives', () => {
    const chat = testChat({ revision: 2 });
    const once = applyMessageToChat(chat, testMessage(3), 'message', ME);
    expect(once.last_message).toMatchObject({ id: testMessage(3).id, text: 'Nachricht 3' });
    expect(once.last_interacted_at).toBe(testMessage(3).created_at);
    expect(once.state.unread_count).toBe(1);
    expect(once.revision).toBe(3);
    expect(applyMessageToChat(once, testMessage(3), 'message', ME)).toBe(once);
  });

  it('of my own does not count as unread; the count stops at the cap', () => {
    expect(applyMessageToChat(testChat(), mine(1), 'message', ME).state.unread_count).toBe(0);
    const full = testChat({ state: { ...testChat().state, unread_count: CHAT_LIMITS.unreadCountCap } });
    expect(applyMessageToChat(full, testMessage(1), 'message', ME).state.unread_count).toBe(CHAT_LIMITS.unreadCountCap);
  });

  it('is added to a loaded chat in order, and replaces my pending copy with the same reference', () => {
    const pending = { ...mine(0, 'ref-1'), id: 'pending:ref-1', pending: true };
    let current = room([testMessage(1), pending]);
    current = upsertMessage(current, testMessage(2), ME);
    expect(current.messages.map((m) => m.seq)).toEqual([1, 2, 0]);
    current = upsertMessage(current, mine(3, 'ref-1'), ME);
    expect(current.messages.map((m) => m.id)).toEqual([testMessage(1).id, testMessage(2).id, mine(3).id]);
    expect(current.messages.some((m) => m.pending)).toBe(false);
    // The same message again (the answer after the push) changes nothing.
    expect(upsertMessage(current, mine(3, 'ref-1'), ME).messages).toHaveLength(3);
  });

  it('older than what is loaded waits for "load older"', () => {
    const current = room([testMessage(5), testMessage(6)], true);
    expect(upsertMessage(current, testMessage(2), ME)).toBe(current);
  });
});

describe('an edited or deleted message', () => {
  it('replaces the loaded one unless that is newer', () => {
    const edited = testMessage(2, { text: 'geändert', revision: 5 });
    const current = upsertMessage(room(), edited, ME);
    expect(current.messages[1]!.text).toBe('geändert');
    expect(upsertMessage(current, testMessage(2), ME).messages[1]!.text).toBe('geändert');
  });

  it('updates the last message, and a deleted unread one leaves the count', () => {
    const chat = testChat({
      revision: 3,
      last_message: { ...testMessage(3), files: 0, images: 0 },
      state: { ...testChat().state, last_read_seq: 1, unread_count: 2 },
    });
    const deleted = testMessage(3, { revision: 4, text: '', deleted_at: '2026-11-20T11:00:00.000Z' });
    const next = applyMessageToChat(chat, deleted, 'delete_message', ME);
    expect(next.last_message?.deleted_at).toBe(deleted.deleted_at);
    expect(next.state.unread_count).toBe(1);
    const edited = applyMessageToChat(next, testMessage(2, { revision: 5, text: 'neu' }), 'update_message', ME);
    expect(edited.state.unread_count).toBe(1);
    expect(edited.last_message?.text).toBe('');
  });
});

describe('read and received markers', () => {
  it('of mine reset my unread count', () => {
    const chat = testChat({ state: { ...testChat().state, unread_count: 4 } });
    const read = applyReadMarker(chat, { chat_id: chat.id, member_id: ME, message_id: 'x', seq: 7 }, ME);
    expect(read.state).toMatchObject({ unread_count: 0, last_read_seq: 7, last_read_id: 'x' });
  });

  it('of the partner move the partner state forward, never back', () => {
    const chat = testChat();
    const received = applyReceivedMarker(chat, { chat_id: chat.id, member_id: PARTNER, message_id: 'r', seq: 5 }, ME);
    expect(received.partner_state).toMatchObject({ last_received_seq: 5, last_read_seq: 0 });
    const read = applyReadMarker(received, { chat_id: chat.id, member_id: PARTNER, message_id: 'q', seq: 6 }, ME);
    expect(read.partner_state).toMatchObject({ last_received_seq: 6, last_read_seq: 6, last_read_id: 'q' });
    expect(applyReadMarker(read, { chat_id: chat.id, member_id: PARTNER, message_id: 'p', seq: 2 }, ME)).toBe(read);
  });
});

describe('the chat list', () => {
  it('is sorted by last interaction, chats never used last', () => {
    const chats = [
      testChat({ id: 'a', last_interacted_at: '2026-11-19T10:00:00.000Z' }),
      testChat({ id: 'b', last_interacted_at: null }),
      testChat({ id: 'c', last_interacted_at: '2026-11-20T10:00:00.000Z' }),
    ];
    expect(sortChats(chats).map((c) => c.id)).toEqual(['c', 'a', 'b']);
  });

  it('counts chats with unread messages, and knows muted ones', () => {
    const unread = testChat({ state: { ...testChat().state, unread_count: 3 } });
    expect(chatsWithUnread([unread, testChat(), unread])).toBe(2);
    const now = new Date('2026-11-20T10:00:00.000Z');
    expect(isMuted(testChat({ state: { ...testChat().state, muted_until: '2026-11-20T11:00:00.000Z' } }), now)).toBe(
      true,
    );
    expect(isMuted(testChat({ state: { ...testChat().state, muted_until: '2026-11-20T09:00:00.000Z' } }), now)).toBe(
      false,
    );
  });
});

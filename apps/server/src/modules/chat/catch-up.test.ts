import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, directChatId, groupChatId, NETWORK_CHAT_ID } from '@agora/contracts';
import { disconnection } from '../../testing/index.ts';
import { CATCH_UP_LIMIT } from './index.ts';
import { chatWorld, createTestApp, FAST_SENDERS, ok, refused, text, type ChatMember } from './test-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof chatWorld>>;
let anna: ChatMember;
let max: ChatMember;

beforeAll(async () => {
  t = await createTestApp(FAST_SENDERS);
  w = await chatWorld(t);
  anna = await w.member({ firstName: 'Anna', lastName: 'Adler' });
  max = await w.member({ firstName: 'Max', lastName: 'Meier' });
});
afterAll(async () => {
  w.close();
  await t.close();
});

/** Many messages quickly, through the service (the socket path is tested elsewhere). */
async function fill(member: ChatMember, chatId: string, count: number, prefix: string) {
  const sent = [];
  for (let i = 0; i < count; i++) {
    sent.push(
      await t.services.chat.sendMessage(member.actor, {
        chat_id: chatId,
        text: `${prefix} ${i + 1}`,
        client_reference: `${prefix}-${i}`,
        file_ids: [],
        image_ids: [],
      }),
    );
  }
  return sent;
}

describe('catching up after a dropped connection', () => {
  it('finds every message sent, edited and deleted meanwhile, and the markers', async () => {
    const chatId = directChatId(anna.id, max.id);
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const before = await ok(annaTab, 'message', text(chatId, 'vorher 1'));
    const toEdit = await ok(annaTab, 'message', text(chatId, 'vorher 2'));
    const toDelete = await ok(annaTab, 'message', text(chatId, 'vorher 3'));
    const fromMax = await ok(maxTab, 'message', text(chatId, 'von Max'));
    const seen = await ok(maxTab, 'chat_details', { chat_id: chatId });
    expect(seen.messages.map((m) => m.id)).toEqual([before.id, toEdit.id, toDelete.id, fromMax.id]);
    const known = seen.chat.revision;

    // Max's connection drops.
    const dropped = disconnection(maxTab);
    maxTab.disconnect();
    await dropped;

    const newOne = await ok(annaTab, 'message', text(chatId, 'während du weg warst'));
    const edited = await ok(annaTab, 'update_message', {
      chat_id: chatId,
      id: toEdit.id,
      text: 'vorher 2 (korrigiert)',
    });
    const deleted = await ok(annaTab, 'delete_message', { chat_id: chatId, id: toDelete.id });
    await ok(annaTab, 'mark_as_read', { chat_id: chatId, message_id: fromMax.id });
    const last = await ok(annaTab, 'message', text(chatId, 'und noch eine'));

    // Max comes back and asks for what changed after what he had.
    const back = await max.tab();
    const caught = await ok(back, 'chat_details', { chat_id: chatId, since_revision: known });
    expect(caught.complete).toBe(true);
    expect(caught.messages.map((m) => m.id)).toEqual([toEdit.id, toDelete.id, newOne.id, last.id]);
    // A listing marks each message for its reader (whether they ignore its author); a push cannot.
    expect(caught.messages.find((m) => m.id === toEdit.id)).toEqual({ ...edited, ignored: false });
    expect(caught.messages.find((m) => m.id === toDelete.id)).toEqual({ ...deleted, ignored: false });
    expect(caught.chat.revision).toBe(last.revision);
    expect(caught.chat.partner_state).toMatchObject({ last_read_id: last.id, last_read_seq: last.seq });

    const listed = (await ok(back, 'my_chats', {})).chats.find((c) => c.id === chatId)!;
    // The two new messages are unread; the edited one he had, the deleted one is gone.
    expect(listed.state.unread_count).toBe(2);
    expect(listed.last_message).toMatchObject({ id: last.id, text: 'und noch eine', from: { id: anna.id } });
    expect(listed.revision).toBe(last.revision);

    // Nothing changed since: nothing to catch up.
    expect(await ok(back, 'chat_details', { chat_id: chatId, since_revision: caught.chat.revision })).toMatchObject({
      messages: [],
      complete: true,
    });
  });

  it('says the catch-up is incomplete beyond its limit, so that the client loads the chat afresh', async () => {
    const group = await w.group([anna, max]);
    const chatId = groupChatId(group.id);
    await fill(anna, chatId, CATCH_UP_LIMIT + 1, 'viel');
    const maxTab = await max.tab();
    const caught = await ok(maxTab, 'chat_details', { chat_id: chatId, since_revision: 0 });
    expect(caught.complete).toBe(false);
    expect(caught.messages).toHaveLength(CATCH_UP_LIMIT);
    const after = await ok(maxTab, 'chat_details', { chat_id: chatId, since_revision: 1 });
    expect(after.complete).toBe(true);
  });
});

describe('pages of messages', () => {
  it('answers the newest page oldest first, then older pages until an empty one', async () => {
    const lena = await w.member();
    const chatId = directChatId(anna.id, lena.id);
    const sent = await fill(anna, chatId, CHAT_LIMITS.pageSize * 2 + 5, 'Seite');
    const lenaTab = await lena.tab();
    const newest = await ok(lenaTab, 'chat_details', { chat_id: chatId });
    expect(newest.messages.map((m) => m.id)).toEqual(sent.slice(-CHAT_LIMITS.pageSize).map((m) => m.id));
    const older = await ok(lenaTab, 'more_messages', { chat_id: chatId, before_id: newest.messages[0]!.id });
    expect(older.messages.map((m) => m.id)).toEqual(
      sent.slice(-2 * CHAT_LIMITS.pageSize, -CHAT_LIMITS.pageSize).map((m) => m.id),
    );
    const oldest = await ok(lenaTab, 'more_messages', { chat_id: chatId, before_id: older.messages[0]!.id });
    expect(oldest.messages.map((m) => m.id)).toEqual(sent.slice(0, 5).map((m) => m.id));
    expect(await ok(lenaTab, 'more_messages', { chat_id: chatId, before_id: sent[0]!.id })).toEqual({ messages: [] });
    expect(
      await refused(lenaTab, 'more_messages', { chat_id: chatId, before_id: '0123456789abcdef01234567' }),
    ).toMatchObject({ key: 'not_found' });
  });
});

describe('my_chats', () => {
  it('lists direct, group and network chats, last interacted with first, those without messages last', async () => {
    const ida = await w.member({ firstName: 'Ida', lastName: 'Ideal' });
    const [paul, rosa] = await Promise.all([w.member(), w.member()]);
    const quiet = await w.group([ida, paul]);
    const busy = await w.group([ida, rosa]);
    const idaTab = await ida.tab();
    await ok(idaTab, 'message', text(directChatId(ida.id, paul.id), 'an Paul'));
    await ok(idaTab, 'message', text(groupChatId(busy.id), 'in der Gruppe'));
    await ok(idaTab, 'message', text(directChatId(ida.id, rosa.id), 'an Rosa'));

    const { chats, has_more } = await ok(idaTab, 'my_chats', {});
    expect(has_more).toBe(false);
    const ids = chats.map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual([
      directChatId(ida.id, rosa.id),
      groupChatId(busy.id),
      directChatId(ida.id, paul.id),
    ]);
    // Neither the quiet group's chat nor the network's has a message (or a row) yet.
    expect(ids.slice(3).sort()).toEqual([groupChatId(quiet.id), NETWORK_CHAT_ID].sort());
    expect(chats.find((c) => c.id === groupChatId(quiet.id))).toMatchObject({
      revision: 0,
      last_message: null,
      last_interacted_at: null,
      name: quiet.name,
      can: { write: true },
    });

    // Paged: one at a time, each page before the last one's time.
    const first = await ok(idaTab, 'my_chats', { limit: 1 });
    expect(first).toMatchObject({ has_more: true, chats: [{ id: directChatId(ida.id, rosa.id) }] });
    const second = await ok(idaTab, 'my_chats', { limit: 1, before: first.chats[0]!.last_interacted_at });
    expect(second.chats.map((c) => c.id)).toEqual([groupChatId(busy.id)]);
    const rest = await ok(idaTab, 'my_chats', { limit: 10, before: second.chats[0]!.last_interacted_at });
    expect(rest.has_more).toBe(false);
    expect([...first.chats, ...second.chats, ...rest.chats].map((c) => c.id).sort()).toEqual([...ids].sort());
  });
});

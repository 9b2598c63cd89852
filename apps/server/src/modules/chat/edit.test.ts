import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChatId, type ChatMessage } from '@agora/contracts';
import { nextEvent } from '../../testing/index.ts';
import {
  chatWorld,
  createTestApp,
  FAST_SENDERS,
  ok,
  reference,
  refused,
  text,
  type ChatMember,
} from './test-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof chatWorld>>;
let strict: Awaited<ReturnType<typeof chatWorld>>;
let anna: ChatMember;
let max: ChatMember;
let chatId: string;

beforeAll(async () => {
  t = await createTestApp(FAST_SENDERS);
  w = await chatWorld(t, { chat_message_update_period_minutes: 15 });
  // A network that lets nobody change what was sent.
  strict = await chatWorld(t, { chat_message_allow_update: false, chat_message_allow_destroy: false }, 'strict.test');
  anna = await w.member({ firstName: 'Anna', lastName: 'Adler' });
  max = await w.member({ firstName: 'Max', lastName: 'Meier' });
  chatId = directChatId(anna.id, max.id);
});
afterAll(async () => {
  w.close();
  strict.close();
  await t.close();
});

const MINUTE = 60_000;

/** A message Anna sent some minutes ago (through the service, which takes the time). */
const sentMinutesAgo = (minutes: number, value = 'früher') =>
  t.services.chat.sendMessage(
    anna.actor,
    { chat_id: chatId, text: value, client_reference: reference(), file_ids: [], image_ids: [] },
    undefined,
    new Date(Date.now() - minutes * MINUTE),
  );

describe('update_message', () => {
  it('changes the text of one’s own message, raising the revision, and pushes it to the chat', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const sent = await ok(annaTab, 'message', text(chatId, 'Hallo Mxa'));
    const atMax = nextEvent<ChatMessage>(maxTab, 'update_message');
    const edited = await ok(annaTab, 'update_message', { chat_id: chatId, id: sent.id, text: ' Hallo Max ' });
    expect(edited).toMatchObject({ id: sent.id, seq: sent.seq, text: 'Hallo Max', created_at: sent.created_at });
    expect(edited.revision).toBe(sent.revision + 1);
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(sent.updated_at));
    expect(await atMax).toEqual(edited);
    const details = await ok(maxTab, 'chat_details', { chat_id: chatId });
    expect(details.chat.revision).toBe(edited.revision);
    expect(details.messages.find((m) => m.id === sent.id)?.text).toBe('Hallo Max');
  });

  it('refuses others’ messages, deleted ones, empty text, and after the update period', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const sent = await ok(annaTab, 'message', text(chatId, 'meins'));
    expect(await refused(maxTab, 'update_message', { chat_id: chatId, id: sent.id, text: 'deins' })).toEqual({
      key: 'forbidden',
      status: 403,
    });
    expect(await refused(annaTab, 'update_message', { chat_id: chatId, id: sent.id, text: '  ' })).toEqual({
      key: 'empty_message',
      status: 422,
    });
    const old = await sentMinutesAgo(16);
    expect(await refused(annaTab, 'update_message', { chat_id: chatId, id: old.id, text: 'zu spät' })).toEqual({
      key: 'update_period_ended',
      status: 403,
      details: { minutes: 15 },
    });
    const recent = await sentMinutesAgo(14);
    await ok(annaTab, 'update_message', { chat_id: chatId, id: recent.id, text: 'gerade noch' });
    await ok(annaTab, 'delete_message', { chat_id: chatId, id: sent.id });
    expect(await refused(annaTab, 'update_message', { chat_id: chatId, id: sent.id, text: 'wieder da?' })).toEqual({
      key: 'forbidden',
      status: 403,
    });
    // Unknown messages, and messages of another chat, are not found.
    const elsewhere = await ok(annaTab, 'message', text('network', 'im Netzwerk'));
    for (const id of ['0123456789abcdef01234567', elsewhere.id]) {
      expect(await refused(annaTab, 'update_message', { chat_id: chatId, id, text: 'x' })).toEqual({
        key: 'not_found',
        status: 404,
      });
    }
  });

  it('replaces the attachments when they are listed', async () => {
    const annaTab = await anna.tab();
    const [a, b] = await Promise.all([anna.upload('files', 'a.txt', 'a'), anna.upload('files', 'b.txt', 'b')]);
    const sent = await ok(annaTab, 'message', text(chatId, 'Anhang', { file_ids: [a.id] }));
    const edited = await ok(annaTab, 'update_message', {
      chat_id: chatId,
      id: sent.id,
      text: 'Anhang',
      file_ids: [b.id],
    });
    expect(edited.files.map((f) => f.id)).toEqual([b.id]);
    expect(await t.services.storage.readableMany(anna.actor, [a.id])).toEqual([]);
    // Without file_ids the attachments stay.
    const again = await ok(annaTab, 'update_message', { chat_id: chatId, id: sent.id, text: 'nur Text' });
    expect(again.files.map((f) => f.id)).toEqual([b.id]);
  });
});

describe('delete_message', () => {
  it('keeps the message as deleted, without text and uploads, and pushes it to the chat', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const file = await anna.upload('files', 'weg.txt', 'weg');
    const sent = await ok(annaTab, 'message', text(chatId, 'Das war falsch', { file_ids: [file.id] }));
    const atMax = nextEvent<ChatMessage>(maxTab, 'delete_message');
    const deleted = await ok(annaTab, 'delete_message', { chat_id: chatId, id: sent.id });
    expect(deleted).toMatchObject({ id: sent.id, seq: sent.seq, text: '', files: [], images: [] });
    expect(deleted.deleted_at).not.toBeNull();
    expect(deleted.revision).toBe(sent.revision + 1);
    expect(await atMax).toEqual(deleted);
    expect(await t.services.storage.readableMany(anna.actor, [file.id])).toEqual([]);
    // Deleting it again answers it as it is.
    expect(await ok(annaTab, 'delete_message', { chat_id: chatId, id: sent.id })).toEqual(deleted);
    const details = await ok(maxTab, 'chat_details', { chat_id: chatId });
    // A listing marks each message for its reader (whether they ignore its author); a push cannot.
    expect(details.messages.find((m) => m.id === sent.id)).toEqual({ ...deleted, ignored: false });
  });

  it('refuses others’ messages and after the update period', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const sent = await ok(annaTab, 'message', text(chatId, 'bleibt'));
    expect(await refused(maxTab, 'delete_message', { chat_id: chatId, id: sent.id })).toEqual({
      key: 'forbidden',
      status: 403,
    });
    const old = await sentMinutesAgo(20);
    expect(await refused(annaTab, 'delete_message', { chat_id: chatId, id: old.id })).toEqual({
      key: 'update_period_ended',
      status: 403,
      details: { minutes: 15 },
    });
  });
});

describe('a network that does not allow changes', () => {
  it('refuses editing and deleting, and says so in the chat’s can', async () => {
    const [ida, ben] = await Promise.all([strict.member(), strict.member()]);
    const idaTab = await ida.tab();
    const strictChat = directChatId(ida.id, ben.id);
    const sent = await ok(idaTab, 'message', text(strictChat, 'für immer'));
    expect(await refused(idaTab, 'update_message', { chat_id: strictChat, id: sent.id, text: 'x' })).toEqual({
      key: 'update_not_allowed',
      status: 403,
    });
    expect(await refused(idaTab, 'delete_message', { chat_id: strictChat, id: sent.id })).toEqual({
      key: 'destroy_not_allowed',
      status: 403,
    });
    const { chat } = await ok(idaTab, 'chat_details', { chat_id: strictChat });
    expect(chat.can).toEqual({ write: true, update_messages: false, destroy_messages: false });
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChatId, groupChatId, NETWORK_CHAT_ID, type Chat, type ChatMessage } from '@agora/contracts';
import { collectEvents, nextEvent } from '../../testing/index.ts';
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
let anna: ChatMember;
let max: ChatMember;
let lena: ChatMember;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp(FAST_SENDERS);
  w = await chatWorld(t, { max_file_attachments: 2, max_image_attachments: 1 });
  anna = await w.member({ firstName: 'Anna', lastName: 'Adler' });
  max = await w.member({ firstName: 'Max', lastName: 'Meier' });
  lena = await w.member({ firstName: 'Lena', lastName: 'Schmidt' });
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  w.close();
  await t.close();
});

/** Sends and waits until the partner's tab has it, so that pushes do not mix with a test's next ones. */
async function delivered(
  from: Awaited<ReturnType<ChatMember['tab']>>,
  to: Awaited<ReturnType<ChatMember['tab']>>,
  payload: object,
) {
  const arrival = nextEvent<ChatMessage>(to, 'message');
  const sent = await ok(from, 'message', payload);
  expect(await arrival).toEqual(sent);
  return sent;
}

describe('a message in a direct chat', () => {
  it('is stored, answered, and pushed to both members but not back to the sending tab', async () => {
    const [annaTab, annaOtherTab, maxTab, lenaTab] = await Promise.all([anna.tab(), anna.tab(), max.tab(), lena.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const atMax = nextEvent<ChatMessage>(maxTab, 'message');
    const atOtherTab = nextEvent<ChatMessage>(annaOtherTab, 'message');
    const createdAtMax = nextEvent<Chat>(maxTab, 'create_chat');
    const createdAtAnna = nextEvent<Chat>(annaTab, 'create_chat');
    const backToSender = collectEvents(annaTab, 'message');
    const atLena = collectEvents(lenaTab, 'message');
    const payload = text(chatId, '  Hallo Max!  ');

    const sent = await ok(annaTab, 'message', payload);
    expect(sent).toMatchObject({
      chat_id: chatId,
      seq: 1,
      revision: 1,
      text: 'Hallo Max!',
      from: { id: anna.id, name: 'Anna Adler', image_id: null },
      deleted_at: null,
      quoted_message: null,
      files: [],
      images: [],
      group_name: null,
      client_reference: payload.client_reference,
    });
    expect(sent.created_at).toBe(sent.updated_at);
    expect(await atMax).toEqual(sent);
    expect(await atOtherTab).toEqual(sent);

    // The new chat, as each of them sees it.
    const forMax = await createdAtMax;
    expect(forMax).toMatchObject({ id: chatId, kind: 'member', name: 'Anna Adler', partner: { id: anna.id } });
    expect(forMax.state.unread_count).toBe(1);
    expect(forMax.partner_state).toMatchObject({ last_read_id: sent.id, last_read_seq: 1 });
    const forAnna = await createdAtAnna;
    expect(forAnna).toMatchObject({ id: chatId, name: 'Max Meier', partner: { id: max.id, is_external: false } });
    expect(forAnna.state).toMatchObject({ last_read_id: sent.id, unread_count: 0 });

    // A later push on the same connections comes after anything sent before it.
    await delivered(maxTab, annaTab, text(chatId, 'Hallo Anna'));
    expect(backToSender).toHaveLength(1);
    expect(atLena).toEqual([]);
  });

  it('gives messages sent at once distinct consecutive numbers in the order they were stored', async () => {
    const [annaTab, lenaTab] = await Promise.all([anna.tab(), lena.tab()]);
    const chatId = directChatId(anna.id, lena.id);
    const sends = Array.from({ length: 12 }, (_, i) =>
      ok(i % 2 ? lenaTab : annaTab, 'message', text(chatId, `Nachricht ${i}`)),
    );
    const sent = await Promise.all(sends);
    const seqs = sent.map((m) => m.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(sent.map((m) => m.revision)).size).toBe(12);
    // Numbers follow the order of storing, and so do revisions.
    const details = await ok(annaTab, 'chat_details', { chat_id: chatId });
    expect(details.messages.map((m) => m.seq)).toEqual(seqs);
    expect(details.messages.map((m) => m.revision)).toEqual(seqs);
    expect(details.chat.revision).toBe(12);
  });

  it('answers a retried message with the stored one and broadcasts it once', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const atMax = collectEvents<ChatMessage>(maxTab, 'message');
    const payload = text(chatId, 'Nur einmal');
    const first = await ok(annaTab, 'message', payload);
    const again = await ok(annaTab, 'message', payload);
    expect(again).toEqual(first);

    // Sent several times at once (a retry racing the first attempt): one message.
    const racing = text(chatId, 'Gleichzeitig');
    const answers = await Promise.all(Array.from({ length: 5 }, () => ok(annaTab, 'message', racing)));
    expect(new Set(answers.map((m) => m.id)).size).toBe(1);

    await delivered(annaTab, maxTab, text(chatId, 'Ende'));
    expect(atMax.map((m) => m.text)).toEqual(['Nur einmal', 'Gleichzeitig', 'Ende']);
    const details = await ok(maxTab, 'chat_details', { chat_id: chatId });
    expect(details.messages.filter((m) => m.text === 'Gleichzeitig')).toHaveLength(1);
  });

  it('does not answer a reference used in another chat with that chat’s message', async () => {
    const annaTab = await anna.tab();
    const payload = text(directChatId(anna.id, max.id), 'Erste');
    await ok(annaTab, 'message', payload);
    expect(await refused(annaTab, 'message', { ...payload, chat_id: directChatId(anna.id, lena.id) })).toEqual({
      key: 'invalid',
      status: 422,
      details: { fields: { client_reference: ['taken'] } },
    });
  });

  it('quotes a message of the same chat, not one of another or a deleted one', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const question = await ok(maxTab, 'message', text(chatId, 'Kommst du morgen?'));
    const reply = await ok(annaTab, 'message', text(chatId, 'Ja!', { quoted_message_id: question.id }));
    expect(reply.quoted_message).toEqual({
      id: question.id,
      text: 'Kommst du morgen?',
      from: { id: max.id, name: 'Max Meier', image_id: null },
      deleted_at: null,
      files: 0,
      images: 0,
    });
    const elsewhere = await ok(annaTab, 'message', text(directChatId(anna.id, lena.id), 'Hi Lena'));
    const gone = await ok(maxTab, 'message', text(chatId, 'Ups'));
    await ok(maxTab, 'delete_message', { chat_id: chatId, id: gone.id });
    for (const quoted of [elsewhere.id, gone.id]) {
      expect(await refused(annaTab, 'message', text(chatId, 'Hm', { quoted_message_id: quoted }))).toMatchObject({
        key: 'invalid',
        details: { fields: { quoted_message_id: ['invalid'] } },
      });
    }
    // A quoted message deleted later shows as deleted in the quote.
    const details = await ok(annaTab, 'chat_details', { chat_id: chatId });
    const quoting = details.messages.find((m) => m.id === reply.id)!;
    expect(quoting.quoted_message?.text).toBe('Kommst du morgen?');
  });

  it('refuses invalid payloads with the fields, and empty messages', async () => {
    const annaTab = await anna.tab();
    expect(await refused(annaTab, 'message', { chat_id: 'member/nonsense', text: 'x' })).toEqual({
      key: 'invalid',
      status: 422,
      details: { fields: { chat_id: ['invalid_id'], client_reference: ['required'] } },
    });
    expect(await refused(annaTab, 'message', 'not an object')).toMatchObject({ key: 'invalid', status: 422 });
    const chatId = directChatId(anna.id, max.id);
    expect(await refused(annaTab, 'message', text(chatId, 'x'.repeat(10_001)))).toMatchObject({
      details: { fields: { text: ['too_long'] } },
    });
    expect(await refused(annaTab, 'message', text(chatId, ' \n  '))).toEqual({ key: 'empty_message', status: 422 });
  });

  it('tolerates an event sent without a callback', async () => {
    const annaTab = await anna.tab();
    annaTab.emit('message', text(directChatId(anna.id, max.id), 'ohne Rückruf'));
    annaTab.emit('my_chats');
    expect((await ok(annaTab, 'my_chats', {})).chats.length).toBeGreaterThan(0);
  });
});

describe('attachments', () => {
  it('carries files (with download tokens) and images, and zips a message’s files', async () => {
    const [annaTab, maxTab] = await Promise.all([anna.tab(), max.tab()]);
    const chatId = directChatId(anna.id, max.id);
    const agenda = await anna.upload('files', 'Agenda.pdf', '%PDF-1.4 agenda');
    const notes = await anna.upload('files', 'notes.txt', 'notes');
    const photo = await anna.upload('images', 'photo.png', png);
    const sent = await delivered(
      annaTab,
      maxTab,
      text(chatId, '', { file_ids: [agenda.id, notes.id], image_ids: [photo.id] }),
    );
    expect(sent.text).toBe('');
    expect(sent.files.map((f) => [f.id, f.name, f.extension, f.type])).toEqual([
      [agenda.id, 'Agenda.pdf', 'pdf', 'application/pdf'],
      [notes.id, 'notes.txt', 'txt', 'text/plain'],
    ]);
    expect(sent.files.every((f) => typeof f.token === 'string')).toBe(true);
    expect(sent.images).toEqual([
      { id: photo.id, name: 'photo.png', extension: 'png', size: png.length, type: 'image/png', token: null },
    ]);

    // The partner reads them; someone outside the chat does not.
    const image = await t.app.inject({
      url: `/api/storage/images/${photo.id}/get/80x80`,
      headers: max.session.headers,
    });
    expect(image.statusCode).toBe(200);
    const outside = await t.app.inject({
      url: `/api/storage/images/${photo.id}/get/80x80`,
      headers: lena.session.headers,
    });
    expect(outside.statusCode).toBe(404);

    // The message's files as one zip.
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file_token',
      headers: max.session.headers,
      payload: { chat_message_id: sent.id },
    });
    expect(token.statusCode, token.body).toBe(200);
    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v2/archive',
      headers: { cookie: max.session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token.json<{ token: string }>().token)}`,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.includes(Buffer.from('Agenda.pdf'))).toBe(true);
    const refusedToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file_token',
      headers: lena.session.headers,
      payload: { chat_message_id: sent.id },
    });
    expect(refusedToken.statusCode).toBe(404);
  });

  it('refuses uploads of others and attachments beyond the network’s caps', async () => {
    const annaTab = await anna.tab();
    const chatId = directChatId(anna.id, max.id);
    const maxFile = await max.upload('files', 'his.txt', 'his');
    expect(await refused(annaTab, 'message', text(chatId, 'x', { file_ids: [maxFile.id] }))).toEqual({
      key: 'invalid',
      status: 422,
      details: { fields: { file_ids: ['invalid'] } },
    });
    const files = await Promise.all([1, 2, 3].map((i) => anna.upload('files', `f${i}.txt`, `f${i}`)));
    expect(await refused(annaTab, 'message', text(chatId, 'x', { file_ids: files.map((f) => f.id) }))).toEqual({
      key: 'max_files',
      status: 422,
      details: { max: 2 },
    });
    const images = await Promise.all([1, 2].map((i) => anna.upload('images', `i${i}.png`, png)));
    expect(await refused(annaTab, 'message', text(chatId, 'x', { image_ids: images.map((f) => f.id) }))).toEqual({
      key: 'max_images',
      status: 422,
      details: { max: 1 },
    });
    // An image given as a file does not fit either.
    expect(await refused(annaTab, 'message', text(chatId, 'x', { file_ids: [images[0]!.id] }))).toMatchObject({
      details: { fields: { file_ids: ['invalid'] } },
    });
    // Nothing was stored by the refused sends.
    const fine = await ok(annaTab, 'message', text(chatId, 'x', { file_ids: [files[0]!.id] }));
    expect(fine.files.map((f) => f.id)).toEqual([files[0]!.id]);
  });
});

describe('group and network chats', () => {
  it('pushes a group chat’s messages to its members, with the group’s name, and to nobody else', async () => {
    const group = await w.group([anna, max]);
    const [annaTab, maxTab, lenaTab] = await Promise.all([anna.tab(), max.tab(), lena.tab()]);
    const atLena = collectEvents<ChatMessage>(lenaTab, 'message');
    const sent = await delivered(annaTab, maxTab, text(groupChatId(group.id), 'Hallo Team'));
    expect(sent).toMatchObject({ chat_id: groupChatId(group.id), group_name: group.name, seq: 1 });
    await delivered(annaTab, lenaTab, text(directChatId(anna.id, lena.id), 'nur für Lena'));
    expect(atLena.map((m) => m.text)).toEqual(['nur für Lena']);
  });

  it('joins the group’s room on create_chat, for a member added after connecting', async () => {
    const [annaTab, lenaTab] = await Promise.all([anna.tab(), lena.tab()]);
    const group = await w.group([anna]);
    await t.services.groups.addMembers(w.network.id, [{ groupId: group.id, membershipId: lena.id }]);
    const chat = await ok(lenaTab, 'create_chat', { type: 'group', id: group.id });
    expect(chat).toMatchObject({ id: groupChatId(group.id), kind: 'group', name: group.name, revision: 0 });
    expect(chat.group).toEqual({ id: group.id, slug: group.slug, name: group.name });
    await delivered(annaTab, lenaTab, text(groupChatId(group.id), 'Willkommen, Lena'));
  });

  it('reaches every member in the network chat', async () => {
    const [annaTab, maxTab, lenaTab] = await Promise.all([anna.tab(), max.tab(), lena.tab()]);
    const atLena = nextEvent<ChatMessage>(lenaTab, 'message');
    const sent = await delivered(maxTab, annaTab, text(NETWORK_CHAT_ID, 'Guten Morgen zusammen'));
    expect(await atLena).toEqual(sent);
    expect(sent).toMatchObject({ chat_id: 'network', group_name: null });
    const chat = await ok(lenaTab, 'create_chat', { type: 'network' });
    expect(chat).toMatchObject({ id: 'network', kind: 'network', name: 'Chat Network', partner: null, group: null });
  });

  it('opens a direct chat without a message, announced to both members', async () => {
    const [maxTab, lenaTab] = await Promise.all([max.tab(), lena.tab()]);
    const announced = nextEvent<Chat>(lenaTab, 'create_chat');
    const chat = await ok(maxTab, 'create_chat', { type: 'member', id: lena.id });
    expect(chat).toMatchObject({
      id: directChatId(max.id, lena.id),
      name: 'Lena Schmidt',
      revision: 0,
      last_message: null,
    });
    expect(await announced).toMatchObject({ id: chat.id, name: 'Max Meier' });
    // Lena is connected, as the presence module tells.
    expect(chat.status?.type).toBe('online');
    // Opening it again announces nothing new.
    const again = collectEvents(lenaTab, 'create_chat');
    expect(await ok(maxTab, 'create_chat', { type: 'member', id: lena.id })).toEqual(chat);
    await delivered(maxTab, lenaTab, text(chat.id, 'Hallo'));
    expect(again).toEqual([]);
    expect(await refused(maxTab, 'create_chat', { type: 'member', id: max.id })).toMatchObject({ key: 'invalid' });
  });
});

describe('sending as the client reference says', () => {
  it('keeps the reference on the message for the sender’s other tabs to match', async () => {
    const [annaTab, annaOther] = await Promise.all([anna.tab(), anna.tab()]);
    const ref = reference();
    const arrival = nextEvent<ChatMessage>(annaOther, 'message');
    await ok(annaTab, 'message', { chat_id: directChatId(anna.id, max.id), text: 'ref', client_reference: ref });
    expect((await arrival).client_reference).toBe(ref);
  });
});

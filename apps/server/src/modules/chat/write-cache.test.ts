import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { groupChatId } from '@agora/contracts';
import { buildApp, type Services } from '../../app.ts';
import { chatWorld, createTestApp, FAST_SENDERS, text, type ChatMember } from './test-support.ts';

// Who may write in which chat is cached in each process (access.ts `loadForWrite`), and what a
// reader's right to read one rests on (`load`); a member removed from a group must not send the
// next message nor read the chat again, in this process nor in another one on the same database
// (through Redis with REDIS_URL, else within the process).
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof chatWorld>>;
let other: FastifyInstance;
let anna: ChatMember;
let max: ChatMember;

beforeAll(async () => {
  t = await createTestApp(FAST_SENDERS);
  other = await buildApp(t.config, t.database);
  await other.ready();
  w = await chatWorld(t);
  anna = await w.member({ firstName: 'Anna' });
  max = await w.member({ firstName: 'Max' });
});
afterAll(async () => {
  w.close();
  await other.close();
  await t.close();
});

const send = (services: Services, member: ChatMember, chatId: string, value: string) =>
  // The service takes the input as the socket handler's schema leaves it, with its defaults.
  services.chat.sendMessage(member.actor, {
    file_ids: [],
    image_ids: [],
    ...text(chatId, value),
  } as Parameters<Services['chat']['sendMessage']>[1]);

/** The other process hears of a change through Redis: a moment later, not at once. */
async function eventuallyRefused(attempt: () => Promise<unknown>): Promise<unknown> {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      await attempt();
    } catch (error) {
      return error;
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the cached right to write in a chat', () => {
  it('ends with the membership of the group, in both processes', async () => {
    const group = await w.group([anna, max]);
    const chatId = groupChatId(group.id);
    // Both processes have Max's right to write in the group's chat cached.
    for (const services of [t.services, other.services as Services]) {
      expect((await send(services, max, chatId, 'one')).text).toBe('one');
      expect((await send(services, max, chatId, 'two')).text).toBe('two');
    }

    await t.services.groups.leave(max.actor, group.id);

    await expect(send(t.services, max, chatId, 'after leaving')).rejects.toMatchObject({ key: 'not_found' });
    expect(await eventuallyRefused(() => send(other.services as Services, max, chatId, 'elsewhere'))).toMatchObject({
      key: 'not_found',
    });
    // Anna still writes, in both.
    expect((await send(other.services as Services, anna, chatId, 'still here')).text).toBe('still here');
    expect((await send(t.services, anna, chatId, 'and here')).text).toBe('and here');
  });

  it('starts at once for a member added to the group', async () => {
    const group = await w.group([anna]);
    const chatId = groupChatId(group.id);
    await send(t.services, anna, chatId, 'first');
    await expect(send(t.services, max, chatId, 'not yet')).rejects.toMatchObject({ key: 'not_found' });
    await t.services.groups.addMembers(w.network.id, [{ groupId: group.id, membershipId: max.id }]);
    expect((await send(t.services, max, chatId, 'now')).text).toBe('now');
  });
});

const details = (services: Services, member: ChatMember, chatId: string) =>
  services.chat.chatDetails(member.actor, { chat_id: chatId });

describe('the cached right to read a chat', () => {
  it('ends with the membership of the group, in both processes', async () => {
    const group = await w.group([anna, max]);
    const chatId = groupChatId(group.id);
    await send(t.services, anna, chatId, 'hello');
    for (const services of [t.services, other.services as Services]) {
      expect((await details(services, max, chatId)).messages.map((m) => m.text)).toEqual(['hello']);
      expect((await details(services, max, chatId)).messages).toHaveLength(1);
    }

    await t.services.groups.leave(max.actor, group.id);

    await expect(details(t.services, max, chatId)).rejects.toMatchObject({ key: 'not_found' });
    expect(await eventuallyRefused(() => details(other.services as Services, max, chatId))).toMatchObject({
      key: 'not_found',
    });
    expect((await details(other.services as Services, anna, chatId)).messages).toHaveLength(1);
  });

  it('starts at once for a member added to the group, and shows each new message', async () => {
    const group = await w.group([anna]);
    const chatId = groupChatId(group.id);
    await send(t.services, anna, chatId, 'first');
    await expect(details(t.services, max, chatId)).rejects.toMatchObject({ key: 'not_found' });
    await t.services.groups.addMembers(w.network.id, [{ groupId: group.id, membershipId: max.id }]);
    expect((await details(t.services, max, chatId)).messages.map((m) => m.text)).toEqual(['first']);
    // The chat's row is read each time: a message written after the first read is in the next.
    await send(t.services, anna, chatId, 'second');
    expect((await details(t.services, max, chatId)).messages.map((m) => m.text)).toEqual(['first', 'second']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@agora/contracts';
import type { Actor } from '../platform/policy/index.ts';
import { createTestApp, type TestApp } from '../testing/index.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemo(t.services);
});
afterAll(() => t.close());

const actorOf = (i: number): Actor => t.services.members.actorFor(seeded.memberships[i]!, 'test', null);
const chatsOf = async (i: number): Promise<Chat[]> => (await t.services.chat.myChats(actorOf(i), { limit: 100 })).chats;

describe('the demo chats', () => {
  it('give Max direct, group and network chats with history, and unread messages from Lena', async () => {
    const chats = await chatsOf(1);
    const byName = new Map(chats.map((c) => [c.name, c]));
    expect(byName.get('Anna Adler')).toMatchObject({ kind: 'member', state: { unread_count: 0 } });
    expect(byName.get('Lena Schmidt')).toMatchObject({ kind: 'member', state: { unread_count: 3 } });
    expect(byName.get('Marketing')).toMatchObject({ kind: 'group', state: { unread_count: 0 } });
    expect(byName.get('Acme Demo')).toMatchObject({ kind: 'network' });
    // Last interacted with first: Lena wrote last.
    expect(chats[0]!.name).toBe('Lena Schmidt');
    expect(chats.filter((c) => c.last_message).every((c) => c.last_message!.text || c.last_message!.deleted_at)).toBe(
      true,
    );
  });

  it('show an edited, a deleted and a quoting message between Anna and Max, in German', async () => {
    const chat = (await chatsOf(0)).find((c) => c.name === 'Max Meier')!;
    expect(chat.partner_state?.last_read_id).toBe(chat.last_message?.id);
    const { messages } = await t.services.chat.chatDetails(actorOf(0), { chat_id: chat.id });
    expect(messages.length).toBeGreaterThanOrEqual(12);
    expect(messages.some((m) => m.deleted_at && m.text === '')).toBe(true);
    expect(messages.some((m) => m.updated_at > m.created_at && !m.deleted_at)).toBe(true);
    expect(messages.some((m) => m.quoted_message)).toBe(true);
    expect(messages[0]!.text).toMatch(/^Hallo Max/);
    const times = messages.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - times[0]!).toBeGreaterThan(2 * 24 * 3600 * 1000);
  });
});

import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChatId, groupChatId, type ChatAck, type ChatMessage } from '@agora/contracts';
import { collectEvents } from '../../testing/index.ts';
import { WRITE_COST } from './gateway.ts';
import { chatWorld, createTestApp, ok, text, type ChatMember } from './test-support.ts';

// The budgets as deployed (60 events at once, 5 a second after; a message costs 5): the flood
// meets them as an attacker would, and the others' chatting must not notice.
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof chatWorld>>;
let anna: ChatMember;
let ben: ChatMember;
let clara: ChatMember;

beforeAll(async () => {
  t = await createTestApp();
  w = await chatWorld(t);
  anna = await w.member({ firstName: 'Anna', lastName: 'Flut' });
  ben = await w.member({ firstName: 'Ben', lastName: 'Ruhig' });
  clara = await w.member({ firstName: 'Clara', lastName: 'Ruhig' });
});
afterAll(async () => {
  w.close();
  await t.close();
});

const FLOOD = 2000;
// Messages: 12 at once (Anna has spent one event on connecting), then one a second.
const burst = Math.floor(60 / WRITE_COST);
const perSecond = 5 / WRITE_COST;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Ben and Clara write to each other in turns, one message after another, as people chatting
 * would; the time from each send to the other having it.
 */
async function conversation(benTab: Socket, claraTab: Socket, count: number): Promise<number[]> {
  const chatId = directChatId(ben.id, clara.id);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 === 0 ? [benTab, claraTab] : [claraTab, benTab];
    const payload = text(chatId, `Ruhige Nachricht ${i}`);
    const started = performance.now();
    const arrived = new Promise<void>((resolve) => {
      const onMessage = (message: ChatMessage) => {
        if (message.client_reference !== payload.client_reference) return;
        to.off('message', onMessage);
        resolve();
      };
      to.on('message', onMessage);
    });
    await ok(from, 'message', payload);
    await arrived;
    times.push(performance.now() - started);
  }
  return times;
}

async function storedBy(memberId: string, chatId: string): Promise<number> {
  const rows = await t.database.db.execute(
    sql`select count(*)::int as n from chat_messages m join chats c on c.id = m.chat_id
        where m.author_id = ${memberId} and c.key = ${chatId}`,
  );
  return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('one member flooding the chat', () => {
  it('stores and pushes only their budget, refuses the rest with the time to wait, and leaves the others unhurried', async () => {
    const group = await w.group([anna, ben, clara]);
    const chatId = groupChatId(group.id);
    const [annaTab, benTab, claraTab] = await Promise.all([anna.tab(), ben.tab(), clara.tab()]);
    // Open the direct chat before measuring.
    await ok(benTab, 'message', text(directChatId(ben.id, clara.id), 'Hallo'));
    const quiet = await conversation(benTab, claraTab, 10);

    const pushedToClara = collectEvents<ChatMessage>(claraTab, 'message');
    const started = performance.now();
    const answers = Array.from(
      { length: FLOOD },
      (_, i) =>
        annaTab.timeout(30_000).emitWithAck('message', text(chatId, `Flut ${i}`)) as Promise<ChatAck<ChatMessage>>,
    );
    // Meanwhile Ben and Clara chat on, and the server answers its health check.
    const [during, healthMs] = await Promise.all([
      conversation(benTab, claraTab, 10),
      (async () => {
        const before = performance.now();
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        return performance.now() - before;
      })(),
    ]);
    const acks = await Promise.all(answers);
    const seconds = (performance.now() - started) / 1000;

    const accepted = acks.filter((a) => a.ok);
    const refused = acks.filter((a): a is Extract<ChatAck<ChatMessage>, { ok: false }> => !a.ok);
    expect(accepted.length).toBeGreaterThanOrEqual(burst - 1);
    expect(accepted.length).toBeLessThanOrEqual(burst + Math.ceil(seconds * perSecond) + 1);
    expect(refused.length).toBe(FLOOD - accepted.length);
    for (const { error } of refused) {
      expect(error).toMatchObject({ key: 'too_many_requests', status: 429 });
      expect(error.details?.retry_after).toBeGreaterThanOrEqual(1);
      expect(error.details?.retry_after_ms).toBeGreaterThan(0);
    }
    // What was refused was neither stored nor pushed.
    expect(await storedBy(anna.id, chatId)).toBe(accepted.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushedToClara.filter((m) => m.chat_id === chatId)).toHaveLength(accepted.length);

    // Ben's and Clara's messages all went through, and not much slower than before the flood (the test's
    // clients share the server's process and CPU, so the bounds leave room for them).
    const figures =
      `${accepted.length} of ${FLOOD} stored in ${seconds.toFixed(1)} s; Ben and Clara quiet median ` +
      `${median(quiet).toFixed(0)} ms, during the flood median ${median(during).toFixed(0)} ms ` +
      `(max ${Math.max(...during).toFixed(0)} ms); /healthz ${healthMs.toFixed(0)} ms`;
    expect(median(during), figures).toBeLessThan(Math.max(5 * median(quiet), 500));
    expect(Math.max(...during), figures).toBeLessThan(3000);
    expect(healthMs, figures).toBeLessThan(2000);

    // Once the time to wait has passed, the flooder may write again.
    const wait = Math.max(...refused.map((r) => Number(r.error.details?.retry_after_ms)));
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1000) + 50));
    await ok(annaTab, 'message', text(chatId, 'Wieder da'));
  });
});

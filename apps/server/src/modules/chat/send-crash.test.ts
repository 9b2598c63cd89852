import { randomBytes } from 'node:crypto';
import { asc, like } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, directChatId, groupChatId, type ChatAck, type ChatMessage } from '@agora/contracts';
import { createMember } from '../../testing/index.ts';
import { processFixture } from '../../testing/process-fixture.ts';
import { killProcess, signIn, stopProcess, type ServerProcess } from '../../testing/processes.ts';
import { chatMessages, chats } from './tables.ts';
import { FAST_SENDERS } from './test-support.ts';

const MEMBERS = 6;
const TABS_PER_MEMBER = 3;
/** Acknowledged messages before the process is killed: several batches are being written then. */
const KILL_AFTER_ACKS = 150;
const ACK_TIMEOUT_MS = 20_000;

type Sent = { reference: string; author: string; chatId: string; tab: number; order: number };

// On PostgreSQL when the suite runs there, else on an embedded database in a folder of its own.
describe('a server process killed while it stores messages in batches', () => {
  const processes = processFixture({ name: 'chat-crash', env: FAST_SENDERS });
  const members: Array<{ id: string; email: string }> = [];
  let groupId: string;

  beforeAll(() =>
    processes.prepare(async (services) => {
      const network = await services.networks.create({ name: 'Crash', language: 'en' });
      for (let i = 0; i < MEMBERS; i++) {
        const made = await createMember(services, network.id, { firstName: `Member${i}`, lastName: 'Crash' });
        members.push({ id: made.membership.id, email: made.user.email });
      }
      const [category] = await services.groups.createCategories(network.id, [
        { slug: 'teams', name: 'Team', pluralName: 'Teams' },
      ]);
      const [group] = await services.groups.createGroups(network.id, [
        { groupCategoryId: category!.id, slug: 'all', name: 'All of us' },
      ]);
      groupId = group!.id;
      await services.groups.addMembers(
        network.id,
        members.map((m) => ({ groupId, membershipId: m.id, role: 'member' as const })),
      );
      await services.events.settled();
    }),
  );

  afterAll(() => processes.stop());

  /** Every member's tabs, connected to `server`; tab `k` is member `k % MEMBERS`'s. */
  async function connectTabs(server: ServerProcess): Promise<Socket[]> {
    const cookies = await Promise.all(members.map(async (m) => (await signIn(server.url, m.email)).cookie));
    return Promise.all(
      Array.from({ length: MEMBERS * TABS_PER_MEMBER }, (_, k) =>
        processes.connect(server, { cookie: cookies[k % MEMBERS]! }),
      ),
    );
  }

  function send(tab: Socket, sent: Sent): Promise<ChatAck<ChatMessage> | null> {
    return new Promise((resolve) => {
      tab
        .timeout(ACK_TIMEOUT_MS)
        .emit(
          CHAT_EVENTS.message,
          { chat_id: sent.chatId, text: `Nachricht ${sent.reference}`, client_reference: sent.reference },
          (error: Error | null, answer?: ChatAck<ChatMessage>) => resolve(error || !answer ? null : answer),
        );
    });
  }

  it(
    'loses no acknowledged message, numbers each chat without gaps, and stores none twice',
    { timeout: 240_000 },
    async () => {
      const prefix = randomBytes(3).toString('hex');
      // Each member writes in turn to their direct chats with the others and to the group's chat.
      const chatsOf = (member: number) => [
        groupChatId(groupId),
        ...members.filter((_, j) => j !== member).map((other) => directChatId(members[member]!.id, other.id)),
      ];

      const first = await processes.start();
      const tabs = await connectTabs(first);
      const sent: Sent[] = [];
      const acknowledged = new Map<string, ChatMessage>();
      let killed = false;
      let resolveKill!: () => void;
      const killNow = new Promise<void>((resolve) => (resolveKill = resolve));
      // Every tab sends flat out: its next message as soon as the last is answered.
      const senders = tabs.map(async (tab, k) => {
        const member = k % MEMBERS;
        const targets = chatsOf(member);
        for (let order = 0; !killed; order++) {
          const message: Sent = {
            reference: `${prefix}-${k}-${order}`,
            author: members[member]!.id,
            chatId: targets[order % targets.length]!,
            tab: k,
            order,
          };
          sent.push(message);
          const answer = await send(tab, message);
          if (!answer) return;
          expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
          if (answer.ok && !killed) {
            acknowledged.set(message.reference, answer.data);
            if (acknowledged.size >= KILL_AFTER_ACKS) resolveKill();
          }
        }
      });
      await killNow;
      killed = true;
      // What was acknowledged before the kill; answers that race the kill are not counted.
      const acknowledgedBeforeKill = new Map(acknowledged);
      await killProcess(first);
      for (const tab of tabs) tab.close();
      await Promise.all(senders);

      // The clients send again what was not answered, with the same references, as the app does.
      const second = await processes.start();
      const again = await connectTabs(second);
      const unanswered = sent.filter((s) => !acknowledgedBeforeKill.has(s.reference));
      const answers = await Promise.all(unanswered.map((s) => send(again[s.tab]!, s)));
      for (const answer of answers) expect(answer).toMatchObject({ ok: true });
      // And what was acknowledged: each answers the stored message, the same one.
      const repeated = await Promise.all(
        [...acknowledgedBeforeKill.keys()].slice(0, 20).map((reference) => {
          const s = sent.find((x) => x.reference === reference)!;
          return send(again[s.tab]!, s);
        }),
      );
      for (const answer of repeated) {
        expect(answer?.ok).toBe(true);
        if (answer?.ok) expect(answer.data.id).toBe(acknowledgedBeforeKill.get(answer.data.client_reference!)!.id);
      }
      for (const tab of again) tab.close();
      await stopProcess(second);

      const database = await processes.open();
      try {
        const stored = await database.db
          .select()
          .from(chatMessages)
          .where(like(chatMessages.clientReference, `${prefix}-%`))
          .orderBy(asc(chatMessages.chatId), asc(chatMessages.seq));
        const byReference = new Map(stored.map((row) => [row.clientReference!, row]));
        // Every message sent is stored, once.
        expect(stored.length).toBe(sent.length);
        expect(byReference.size).toBe(sent.length);
        // Every acknowledged message is stored as it was acknowledged.
        for (const [reference, message] of acknowledgedBeforeKill) {
          expect(byReference.get(reference), reference).toMatchObject({ id: message.id, seq: message.seq });
        }
        // Each chat's numbers run 1, 2, 3 ... without gaps, and its row knows the last one.
        const rows = await database.db.select().from(chats);
        const perChat = new Map<string, number[]>();
        for (const row of stored) perChat.set(row.chatId, [...(perChat.get(row.chatId) ?? []), row.seq]);
        for (const [chatId, seqs] of perChat) {
          expect(seqs).toEqual(seqs.map((_, i) => i + 1));
          expect(rows.find((r) => r.id === chatId)!.lastSeq).toBe(seqs.length);
        }
        // A tab's messages to a chat are numbered in the order it sent them.
        for (const [k] of tabs.entries()) {
          const ofTab = sent.filter((s) => s.tab === k);
          for (const chatId of new Set(ofTab.map((s) => s.chatId))) {
            const seqs = ofTab.filter((s) => s.chatId === chatId).map((s) => byReference.get(s.reference)!.seq);
            expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
          }
        }
      } finally {
        await database.close();
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, DirectMessageList } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  await t.services.events.settled();
});
afterAll(() => t.close());

describe('the demo direct messages', () => {
  it("fills Max's inbox: a conversation, a group's message, an attachment and unread ones", async () => {
    const session = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
    const get = (url: string) => t.app.inject({ url, headers: session.headers });
    const inbox = (await get('/api/v1/messages')).json<DirectMessageList>();
    expect(inbox.messages.map((m) => m.subject)).toEqual([
      'Willkommen im Intranet',
      'Agenda für den Workshop',
      'Teamtreffen am Donnerstag',
      'Re: Flyer für das Sommerfest',
    ]);
    expect(inbox.messages.filter((m) => !m.i.read)).toHaveLength(3);
    expect(inbox.messages.find((m) => m.has_attachments)?.attachments[0]?.original_filename).toBe(
      'agenda-workshop.txt',
    );
    expect(inbox.messages.find((m) => m.to_groups.length > 0)?.to_groups[0]?.name).toBe('Marketing');
    const reply = inbox.messages.find((m) => m.subject.startsWith('Re:'))!;
    const detail = (await get(`/api/v1/messages/${reply.id}`)).json<DirectMessage>();
    expect(detail.conversation_length).toBe(3);
    expect(detail.conversation).toHaveLength(2);
    expect((await get('/api/v1/unreads')).json().Messages).toBe(3);
    expect((await get('/api/v1/messages/sent')).json<DirectMessageList>().total).toBe(2);
  });
});

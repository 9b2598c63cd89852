import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

describe('the demo network', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.email))('gives %s notifications, some of them unread', async (email) => {
    const session = await signIn(t.app, email, DEMO_PASSWORD);
    const page = (
      await t.app.inject({ url: '/api/v1/notifications?limit=50', headers: session.headers })
    ).json<NotificationPage>();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.unread).toBeGreaterThan(0);
    expect(page.notifications.map((n) => n.type)).toContain('welcome');
    const unreads = (await t.app.inject({ url: '/api/v1/unreads', headers: session.headers })).json();
    expect(unreads.Notifications).toBe(page.unread);
    // Newest first, spread over time, in German.
    const times = page.notifications.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.notifications.find((n) => n.type === 'welcome')!.text).toMatch(/^Willkommen bei/);
  });

  it('names the member who acted', async () => {
    const session = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
    const page = (
      await t.app.inject({ url: '/api/v1/notifications?limit=50', headers: session.headers })
    ).json<NotificationPage>();
    const added = page.notifications.filter((n) => n.type === 'group_membership_added');
    expect(added.length).toBeGreaterThan(0);
    for (const n of added) {
      expect(n.actor).not.toBeNull();
      expect(n.subject.path).toBe(`/groups/${n.subject.path.split('/').pop()}`);
      expect(n.text).toContain(n.actor!.displayName);
    }
    expect(page.notifications.some((n) => n.read)).toBe(true);
  });
});

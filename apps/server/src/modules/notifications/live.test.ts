import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { REALTIME_EVENTS, type Notification, type NotificationPage } from '@agora/contracts';
import {
  collectEvents,
  connectSocket,
  createMember,
  createNetwork,
  createTestApp,
  listenOnFreePort,
  nextEvent,
  signedInMember,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let baseUrl: string;
let networkId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** A member signed in, with a page of the web app open (one socket per tab). */
async function memberWithTabs(tabs = 1) {
  const member = await signedInMember(t.app, t.services, networkId);
  const opened: Socket[] = [];
  for (let i = 0; i < tabs; i++) opened.push(await connectSocket(baseUrl, { cookie: member.session.cookie }));
  sockets.push(...opened);
  return { ...member, tabs: opened };
}

const welcome = (recipientIds: string[]) =>
  t.services.notifications.notify({
    networkId,
    recipientIds,
    type: 'welcome',
    subject: { type: 'network', title: 'Acme', path: '/' },
    text: 'Welcome',
  });

/** Notifies and waits until the tab has its pushes, so that they do not mix with what a test awaits next. */
async function welcomeDelivered(recipientId: string, tab: Socket) {
  // The count comes after the notification on the same connection: once it is here, both are.
  const delivered = nextEvent(tab, REALTIME_EVENTS.unreadsChanged);
  const made = await welcome([recipientId]);
  await delivered;
  return made;
}

describe('live notifications', () => {
  it('pushes a new notification and the unread count to the recipient as it is made', async () => {
    const anna = await memberWithTabs();
    const { membership: actor } = await createMember(t.services, networkId, { firstName: 'Max', lastName: 'Meier' });
    const tab = anna.tabs[0]!;
    const created = nextEvent<Notification>(tab, REALTIME_EVENTS.notificationCreated);
    const counted = nextEvent(tab, REALTIME_EVENTS.unreadsChanged);

    await t.services.notifications.notify({
      networkId,
      recipientIds: [anna.membership.id],
      type: 'group_membership_added',
      actorId: actor.id,
      subject: { type: 'group', id: null, title: 'Marketing', path: '/groups/marketing' },
    });

    const pushed = await created;
    const listed = (
      await t.app.inject({ url: '/api/v1/notifications', headers: anna.session.headers })
    ).json<NotificationPage>();
    expect(pushed).toEqual(listed.notifications[0]);
    expect(pushed).toMatchObject({
      type: 'group_membership_added',
      read: false,
      actor: { displayName: 'Max Meier' },
      // The network's language: Anna has chosen none.
      text: 'Max Meier added you to the group Marketing.',
    });
    expect(await counted).toEqual({ Notifications: 1 });
  });

  it('pushes to each recipient their own notification and count, and nothing to others', async () => {
    const anna = await memberWithTabs();
    const max = await memberWithTabs();
    const gina = await memberWithTabs();
    await welcomeDelivered(max.membership.id, max.tabs[0]!);
    const ginaReceived = collectEvents(gina.tabs[0]!, REALTIME_EVENTS.notificationCreated);
    const toAnna = nextEvent<Notification>(anna.tabs[0]!, REALTIME_EVENTS.notificationCreated);
    const toMax = nextEvent<Notification>(max.tabs[0]!, REALTIME_EVENTS.notificationCreated);
    const maxCount = nextEvent(max.tabs[0]!, REALTIME_EVENTS.unreadsChanged);

    const made = await welcome([anna.membership.id, max.membership.id]);

    const [annaGot, maxGot] = await Promise.all([toAnna, toMax]);
    expect(new Set([annaGot.id, maxGot.id])).toEqual(new Set(made.map((n) => n.id)));
    expect(annaGot.id).not.toBe(maxGot.id);
    expect(await maxCount).toEqual({ Notifications: 2 });
    // Gina was notified of nothing; a push to her now arrives after anything sent before.
    const marker = nextEvent(gina.tabs[0]!, 'test:marker');
    t.services.realtime.toMember(gina.membership.id, 'test:marker', null);
    await marker;
    expect(ginaReceived).toEqual([]);
  });

  it('pushes each recipient the notification in their own language, their languages read at once', async () => {
    const anna = await memberWithTabs();
    const max = await memberWithTabs();
    const gina = await memberWithTabs();
    for (const [member, locale] of [
      [anna, 'de'],
      [max, 'fr'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/members/${member.membership.id}/locale_settings`,
        payload: { locale_settings: { locale } },
        headers: member.session.headers,
      });
      expect(response.statusCode).toBe(200);
    }
    const { membership: actor } = await createMember(t.services, networkId, { firstName: 'Max', lastName: 'Meier' });
    const pushed = [anna, max, gina].map((m) =>
      nextEvent<Notification>(m.tabs[0]!, REALTIME_EVENTS.notificationCreated),
    );
    const lookups = vi.spyOn(t.services.accounts, 'mailAddresses');
    try {
      await t.services.notifications.notify({
        networkId,
        recipientIds: [anna.membership.id, max.membership.id, gina.membership.id],
        type: 'appointment_invite',
        actorId: actor.id,
        subject: { type: 'appointment', id: null, title: 'Sommerfest', path: '/appointments/x' },
      });
      expect((await Promise.all(pushed)).map((n) => n.text)).toEqual([
        'Max Meier hat Sie zum Termin Sommerfest eingeladen.',
        'Max Meier vous a invité au rendez-vous Sommerfest.',
        'Max Meier invited you to the appointment Sommerfest.',
      ]);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it("tells the member's other tabs when one is marked read", async () => {
    const anna = await memberWithTabs(2);
    const otherTab = anna.tabs[1]!;
    const [first] = await welcomeDelivered(anna.membership.id, otherTab);
    await welcomeDelivered(anna.membership.id, otherTab);
    const read = nextEvent(otherTab, REALTIME_EVENTS.notificationsRead);
    const counted = nextEvent(otherTab, REALTIME_EVENTS.unreadsChanged);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${first!.id}/read`,
      headers: anna.session.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await read).toEqual({ ids: [first!.id], all: false });
    expect(await counted).toEqual({ Notifications: 1 });
  });

  it("tells the member's tabs when all are marked read", async () => {
    const anna = await memberWithTabs();
    const tab = anna.tabs[0]!;
    for (let i = 0; i < 3; i++) await welcomeDelivered(anna.membership.id, tab);
    const read = nextEvent(tab, REALTIME_EVENTS.notificationsRead);
    const counted = nextEvent(tab, REALTIME_EVENTS.unreadsChanged);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: anna.session.headers,
    });
    expect(response.json()).toEqual({ marked: 3, unread: 0 });
    expect(await read).toEqual({ ids: [], all: true });
    expect(await counted).toEqual({ Notifications: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationPage } from '@agora/contracts';
import type { NotifyInput } from './index.ts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  signIn,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
});
afterAll(() => t.close());

const anonymous = { accept: 'application/json' };
const UNKNOWN_ID = 'ffffffffffffffffffffffff';

let titles = 0;
/** By default of a type without a message, which shows the text it was given. */
function notify(recipientIds: string[], values: Partial<NotifyInput> = {}) {
  const title = `Group ${++titles}`;
  return t.services.notifications.notify({
    networkId,
    recipientIds,
    type: 'imported',
    subject: { type: 'group', id: null, title, path: `/groups/group-${titles}` },
    text: `You were added to ${title}`,
    ...values,
  });
}

const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ url: `/api/v1/notifications${query}`, headers });
const markRead = (headers: Record<string, string>, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/notifications/${id}/read`, headers });
const markAllRead = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers });
const unreads = (headers: Record<string, string>) => t.app.inject({ url: '/api/v1/unreads', headers });

describe('GET /api/v1/notifications', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await list(anonymous);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('answers 422 to a limit or offset out of range', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    for (const query of ['?limit=0', '?limit=51', '?limit=many', '?offset=-1', '?limit=2.5']) {
      const response = await list(session.headers, query);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await list(session.headers, '?limit=abc')).json()).toEqual({ errors: { limit: ['invalid'] } });
  });

  it('gives an empty first page to a member without notifications', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const response = await list(session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ notifications: [], total: 0, unread: 0, limit: 20, offset: 0 });
  });

  it('lists what happened, newest first, with actor and subject', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const { membership: actor } = await createMember(t.services, networkId, { firstName: 'Anna', lastName: 'Adler' });
    await notify([membership.id], {
      type: 'welcome',
      text: '',
      subject: { type: 'network', title: 'Acme', path: '/' },
    });
    await notify([membership.id], {
      type: 'group_membership_added',
      actorId: actor.id,
      subject: { type: 'group', id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Marketing', path: '/groups/marketing' },
      text: '',
    });

    const page = (await list(session.headers)).json<NotificationPage>();
    expect(page).toMatchObject({ total: 2, unread: 2, limit: 20, offset: 0 });
    const [newest, oldest] = page.notifications;
    expect(newest).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'group_membership_added',
      actor: {
        id: actor.id,
        displayName: 'Anna Adler',
        images: { small: null, medium: null, large: null },
        path: `/members/${actor.id}`,
      },
      subject: { type: 'group', id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Marketing', path: '/groups/marketing' },
      // In the network's language, as the member chose none.
      text: 'Anna Adler added you to the group Marketing.',
      read: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(oldest).toMatchObject({
      type: 'welcome',
      actor: null,
      subject: { id: null, path: '/' },
      text: 'Welcome to Acme!',
      read: false,
    });
    expect(Date.parse(newest!.created_at)).toBeGreaterThanOrEqual(Date.parse(oldest!.created_at));
  });

  it('pages with limit and offset', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const made: Notification[] = [];
    for (let i = 0; i < 25; i++) made.push(...(await notify([membership.id])));
    const newestFirst = made.map((n) => n.id).reverse();

    const first = (await list(session.headers)).json<NotificationPage>();
    expect(first.notifications.map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
    expect(first).toMatchObject({ total: 25, unread: 25, limit: 20, offset: 0 });

    const second = (await list(session.headers, '?offset=20')).json<NotificationPage>();
    expect(second.notifications.map((n) => n.id)).toEqual(newestFirst.slice(20));

    const small = (await list(session.headers, '?limit=3&offset=2')).json<NotificationPage>();
    expect(small.notifications.map((n) => n.id)).toEqual(newestFirst.slice(2, 5));
    expect(small).toMatchObject({ limit: 3, offset: 2, total: 25 });

    const all = (await list(session.headers, '?limit=50')).json<NotificationPage>();
    expect(all.notifications).toHaveLength(25);
    expect((await list(session.headers, '?offset=100')).json().notifications).toEqual([]);
  });

  it('loads the actors of a page in one query', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const actors = await Promise.all([1, 2, 3].map(() => createMember(t.services, networkId)));
    for (const a of actors) await notify([membership.id], { actorId: a.membership.id });
    await notify([membership.id], { actorId: actors[0]!.membership.id });
    const findMany = vi.spyOn(t.services.members, 'findMany');
    const find = vi.spyOn(t.services.members, 'find');
    try {
      const page = (await list(session.headers)).json<NotificationPage>();
      expect(page.notifications.map((n) => n.actor?.id)).toEqual([0, 2, 1, 0].map((i) => actors[i]!.membership.id));
      expect(findMany).toHaveBeenCalledTimes(1);
      expect(new Set(findMany.mock.calls[0]![1])).toEqual(new Set(actors.map((a) => a.membership.id)));
      expect(find).not.toHaveBeenCalled();
    } finally {
      findMany.mockRestore();
      find.mockRestore();
    }
  });

  it('shows a member only their own notifications', async () => {
    const anna = await signedInMember(t.app, t.services, networkId);
    const max = await signedInMember(t.app, t.services, networkId);
    await notify([anna.membership.id], { text: 'for Anna' });
    await notify([max.membership.id], { text: 'for Max' });
    await notify([anna.membership.id, max.membership.id], { text: 'for both' });

    const texts = async (session: Session) =>
      (await list(session.headers)).json<NotificationPage>().notifications.map((n) => n.text);
    expect(await texts(anna.session)).toEqual(['for both', 'for Anna']);
    expect(await texts(max.session)).toEqual(['for both', 'for Max']);
  });
});

describe('the language of notifications', () => {
  const putLocale = (session: Session, id: string, locale: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/members/${id}/locale_settings`,
      payload: { locale_settings: { locale } },
      headers: session.headers,
    });
  const texts = async (session: Session) =>
    (await list(session.headers)).json<NotificationPage>().notifications.map((n) => n.text);

  it('reads old notifications in the language the member switches to', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const { membership: actor } = await createMember(t.services, networkId, { firstName: 'Max', lastName: 'Meier' });
    const subject = { type: 'appointment', id: null, title: 'Sommerfest', path: '/appointments/x' };
    await notify([membership.id], { type: 'appointment_invite', actorId: actor.id, subject, text: '' });
    await notify([membership.id], { type: 'appointment_canceled', actorId: actor.id, subject, text: '' });

    // The network speaks English, and the member has chosen nothing.
    const english = [
      'Max Meier canceled the appointment Sommerfest.',
      'Max Meier invited you to the appointment Sommerfest.',
    ];
    expect(await texts(session)).toEqual(english);

    expect((await putLocale(session, membership.id, 'de')).statusCode).toBe(200);
    expect(await texts(session)).toEqual([
      'Max Meier hat den Termin Sommerfest abgesagt.',
      'Max Meier hat Sie zum Termin Sommerfest eingeladen.',
    ]);
    expect((await putLocale(session, membership.id, 'de_DU')).statusCode).toBe(200);
    expect((await texts(session))[1]).toBe('Max Meier hat dich zum Termin Sommerfest eingeladen.');
    expect((await putLocale(session, membership.id, 'fr')).statusCode).toBe(200);
    expect((await texts(session))[1]).toBe('Max Meier vous a invité au rendez-vous Sommerfest.');
    expect((await putLocale(session, membership.id, 'es')).statusCode).toBe(200);
    expect((await texts(session))[1]).toBe('Max Meier te ha invitado a la cita Sommerfest.');
    // Back to the network's language.
    expect((await putLocale(session, membership.id, null)).statusCode).toBe(200);
    expect(await texts(session)).toEqual(english);
  });

  it("marks one read in the member's language", async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const [made] = await notify([membership.id], {
      type: 'welcome',
      subject: { type: 'network', title: 'Acme', path: '/' },
      text: '',
    });
    await putLocale(session, membership.id, 'de');
    expect((await markRead(session.headers, made!.id)).json()).toMatchObject({ text: 'Willkommen bei Acme!' });
  });

  it('names nobody as "someone" when there is no actor to name', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    await notify([membership.id], {
      type: 'appointment_canceled',
      subject: { type: 'appointment', id: null, title: 'Sommerfest', path: '/appointments/x' },
      text: '',
    });
    expect(await texts(session)).toEqual(['Someone canceled the appointment Sommerfest.']);
  });

  it('shows the stored text of a type without a message, else the subject title', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    await notify([membership.id], { type: 'imported', text: 'From the old intranet' });
    await notify([membership.id], {
      type: 'imported',
      subject: { type: 'group', id: null, title: 'Marketing', path: '/groups/marketing' },
      text: '',
    });
    await putLocale(session, membership.id, 'fr');
    expect(await texts(session)).toEqual(['Marketing', 'From the old intranet']);
  });
});

describe('notify', () => {
  it('leaves out the actor and notifies each recipient once', async () => {
    const actor = await signedInMember(t.app, t.services, networkId);
    const other = await signedInMember(t.app, t.services, networkId);
    const made = await notify([actor.membership.id, other.membership.id, other.membership.id], {
      actorId: actor.membership.id,
    });
    expect(made).toHaveLength(1);
    expect((await list(actor.session.headers)).json().total).toBe(0);
    expect((await list(other.session.headers)).json().total).toBe(1);
  });

  it('does nothing without recipients', async () => {
    expect(await notify([])).toEqual([]);
  });
});

describe('POST /api/v1/notifications/:id/read', () => {
  it('walks the ladder: 401, 403 without the CSRF token, 422, 404, 200', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const [notification] = await notify([membership.id]);
    const id = notification!.id;

    expect((await markRead(anonymous, id)).statusCode).toBe(401);
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = session.headers;
    expect((await markRead(withoutCsrf, id)).statusCode).toBe(403);
    const invalid = await markRead(session.headers, 'not-an-id');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { id: ['invalid_id'] } });
    const unknown = await markRead(session.headers, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found' });

    const response = await markRead(session.headers, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, read: true });
    // Again: still read, still fine.
    expect((await markRead(session.headers, id)).json()).toMatchObject({ id, read: true });
    expect((await list(session.headers)).json()).toMatchObject({ total: 1, unread: 0 });
  });

  it("answers 404 for another member's notification and leaves it unread", async () => {
    const anna = await signedInMember(t.app, t.services, networkId);
    const max = await signedInMember(t.app, t.services, networkId);
    const [forAnna] = await notify([anna.membership.id]);
    const response = await markRead(max.session.headers, forAnna!.id);
    expect(response.statusCode).toBe(404);
    expect((await list(anna.session.headers)).json()).toMatchObject({ unread: 1 });
  });
});

describe('POST /api/v1/notifications/read', () => {
  it('answers 401 anonymously and 403 without the CSRF token', async () => {
    expect((await markAllRead(anonymous)).statusCode).toBe(401);
    const { session } = await signedInMember(t.app, t.services, networkId);
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = session.headers;
    expect((await markAllRead(withoutCsrf)).statusCode).toBe(403);
  });

  it("marks all of the member's notifications read, and nobody else's", async () => {
    const anna = await signedInMember(t.app, t.services, networkId);
    const max = await signedInMember(t.app, t.services, networkId);
    const [first] = await notify([anna.membership.id]);
    await markRead(anna.session.headers, first!.id);
    await notify([anna.membership.id, max.membership.id]);
    await notify([anna.membership.id]);

    const response = await markAllRead(anna.session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ marked: 2, unread: 0 });
    const page = (await list(anna.session.headers)).json<NotificationPage>();
    expect(page).toMatchObject({ total: 3, unread: 0 });
    expect(page.notifications.every((n) => n.read)).toBe(true);
    expect((await list(max.session.headers)).json()).toMatchObject({ total: 1, unread: 1 });
    expect((await markAllRead(anna.session.headers)).json()).toEqual({ marked: 0, unread: 0 });
  });
});

describe('GET /api/v1/unreads', () => {
  it('answers 401 to an anonymous request', async () => {
    expect((await unreads(anonymous)).statusCode).toBe(401);
  });

  it('counts unread notifications as they come and go; the other counts are empty', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    const count = async () => (await unreads(session.headers)).json();
    expect(await count()).toEqual({
      Notifications: 0,
      GroupInvites: 0,
      Calendars: 0,
      GroupJoinRequests: [],
      Invites: 0,
      Messages: 0,
      Activities: 0,
      Files: 0,
    });

    const [first] = await notify([membership.id]);
    await notify([membership.id]);
    await notify([membership.id]);
    expect((await count()).Notifications).toBe(3);
    await markRead(session.headers, first!.id);
    expect((await count()).Notifications).toBe(2);
    await markAllRead(session.headers);
    expect(await count()).toEqual({
      Notifications: 0,
      GroupInvites: 0,
      Calendars: 0,
      GroupJoinRequests: [],
      Invites: 0,
      Messages: 0,
      Activities: 0,
      Files: 0,
    });
  });
});

describe('two networks side by side', () => {
  it("keeps a member's notifications of each network apart", async () => {
    const two = await createNetwork(t.services, { host: 'two.test' });
    const { user, membership: inOne, session: sessionOne } = await signedInMember(t.app, t.services, networkId);
    // The same account is a member of the second network too.
    const inTwo = await t.services.members.create({
      networkId: two.id,
      userId: user.id,
      firstName: 'A',
      lastName: 'B',
    });
    const sessionTwo = await signIn(t.app, user.email, undefined, 'two.test');
    await notify([inOne.id], { text: 'in one' });
    const [there] = await t.services.notifications.notify({
      networkId: two.id,
      recipientIds: [inTwo.id],
      type: 'imported',
      subject: { type: 'network', title: 'Two', path: '/' },
      text: 'in two',
    });

    const texts = async (session: Session) =>
      (await list(session.headers)).json<NotificationPage>().notifications.map((n) => n.text);
    expect(await texts(sessionOne)).toEqual(['in one']);
    expect(await texts(sessionTwo)).toEqual(['in two']);
    expect((await unreads(sessionOne.headers)).json().Notifications).toBe(1);

    // Its id means nothing in the first network.
    expect((await markRead(sessionOne.headers, there!.id)).statusCode).toBe(404);
    await markAllRead(sessionOne.headers);
    expect((await list(sessionTwo.headers)).json()).toMatchObject({ unread: 1 });
  });
});

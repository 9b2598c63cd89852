import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityPage, Appointment } from '@agora/contracts';
import {
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

type Person = Awaited<ReturnType<typeof signedInMember>>;

let t: TestApp;
let networkId: string;
let categoryId: string;
let networkStream: string;
let admin: Person;
let author: Person;
let other: Person;
let authorCalendar: string;

const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
  signedInMember(t.app, t.services, networkId, options);

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  [admin, author, other] = [await person({ admin: true }), await person(), await person()];
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
  const [calendar] = await t.services.calendars.createMany(networkId, [
    {
      type: 'personal',
      name: 'Author',
      color: '2f9e44',
      ownerId: author.membership.id,
      authorId: author.membership.id,
    },
  ]);
  authorCalendar = calendar!.id;
  networkStream = await t.services.activities.defaultStreamId(networkId);
});
afterAll(() => t.close());

let slugs = 0;
async function groupOf(groupAdmin: Person, access: 'open' | 'closed') {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `source-group-${++slugs}`, name: `Source group ${slugs}`, access },
  ]);
  await t.services.groups.addMembers(networkId, [
    { groupId: group!.id, membershipId: groupAdmin.membership.id, role: 'admin' as const },
  ]);
  await settled();
  return group!;
}

const settled = () => t.services.events.settled();
const page = async (session: Session, query = '') => {
  const response = await t.app.inject({ url: `/api/v1/activities${query}`, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityPage>().activities;
};
const announcements = async (session: Session, appointmentId: string): Promise<Activity[]> =>
  (await page(session, '?limit=50')).filter((a) => a.object.type === 'appointment' && a.object.id === appointmentId);

const body = (fields: Record<string, unknown>) => ({
  appointment: {
    name: 'Team meeting',
    calendar_ids: [authorCalendar],
    date: { start: '2026-12-01T10:00', end: '2026-12-01T11:00', all_day: false, time_zone: 'Europe/Berlin' },
    ...fields,
  },
});
async function created(fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/appointments',
    headers: author.session.headers,
    payload: body(fields),
  });
  expect(response.statusCode, response.body).toBe(201);
  await settled();
  return response.json<Appointment>();
}
async function updated(id: string, fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/appointments/${id}`,
    headers: author.session.headers,
    payload: body(fields),
  });
  expect(response.statusCode, response.body).toBe(200);
  await settled();
}

describe('appointments posted to streams', () => {
  it('announces an appointment once, in the streams its organiser may post to, and keeps it current', async () => {
    const foreign = await groupOf(other, 'closed');
    const appointment = await created({
      name: 'Team breakfast',
      post_to_stream: true,
      activitystream_ids: [networkStream, foreign.id],
    });
    const [announced, ...more] = await announcements(other.session, appointment.id);
    expect(more).toHaveLength(0);
    expect(announced!.object).toMatchObject({
      type: 'appointment',
      id: appointment.id,
      title: 'Team breakfast',
      url: `/appointments/${appointment.id}`,
      date: { all_day: false },
    });
    expect(new Date(announced!.object.date!.start).getTime()).toBe(new Date(appointment.date.start).getTime());
    // The author is in no group: only the network stream.
    expect(announced!.activitystreams.map((s) => s.id)).toEqual([networkStream]);
    expect(announced!.actor?.id).toBe(author.membership.id);

    await updated(appointment.id, { name: 'Team brunch', post_to_stream: true, activitystream_ids: [networkStream] });
    const after = await announcements(other.session, appointment.id);
    expect(after.map((a) => a.id)).toEqual([announced!.id]);
    expect(after[0]!.object.title).toBe('Team brunch');

    // Deleted with its appointment.
    const destroyed = await t.app.inject({
      method: 'DELETE',
      url: `/appointments/${appointment.id}`,
      headers: author.session.headers,
    });
    expect(destroyed.statusCode).toBe(204);
    await settled();
    expect(await announcements(other.session, appointment.id)).toHaveLength(0);
  });

  it('posts nothing without post_to_stream, and posts when an update turns it on', async () => {
    const appointment = await created({ name: 'Quiet meeting', post_to_stream: false });
    expect(await announcements(other.session, appointment.id)).toHaveLength(0);
    await updated(appointment.id, { name: 'Quiet meeting', post_to_stream: true, activitystream_ids: [networkStream] });
    expect(await announcements(other.session, appointment.id)).toHaveLength(1);
    // Off again keeps what was posted; on again posts no second one.
    await updated(appointment.id, { name: 'Quiet meeting', post_to_stream: false });
    await updated(appointment.id, { name: 'Quiet meeting', post_to_stream: true, activitystream_ids: [networkStream] });
    expect(await announcements(other.session, appointment.id)).toHaveLength(1);
  });
});

describe('group joins posted to the group stream', () => {
  const join = (session: Session, groupId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/groups/${groupId}/join`, headers: session.headers });
  const joinNotes = async (session: Session, groupId: string) =>
    (await page(session, `?group_id=${groupId}`)).filter((a) => a.object.type === 'note');

  it('posts a short note when the network wants it, for open groups only', async () => {
    const [first, second, third] = [await person(), await person(), await person()];
    const group = await groupOf(admin, 'open');

    expect((await join(first.session, group.id)).statusCode).toBeLessThan(300);
    await settled();
    expect(await joinNotes(admin.session, group.id)).toHaveLength(0);

    await storeNetworkSettings(t.database.db, networkId, { activity_on_group_join: true });
    try {
      expect((await join(second.session, group.id)).statusCode).toBeLessThan(300);
      await settled();
      const notes = await joinNotes(admin.session, group.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.actor?.id).toBe(second.membership.id);
      expect(notes[0]!.object.plain_content).toContain(group.name);

      // A closed group's join goes through a request: nothing is posted.
      const closed = await groupOf(admin, 'closed');
      await join(third.session, closed.id);
      await settled();
      expect(await joinNotes(admin.session, closed.id)).toHaveLength(0);
    } finally {
      await storeNetworkSettings(t.database.db, networkId, {});
    }
  });
});

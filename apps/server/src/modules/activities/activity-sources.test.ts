import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityPage, Appointment } from '@agora/contracts';
import { storeNetworkSettings, type Session } from '../../testing/index.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  member,
  type TestApp,
} from '../appointments/test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let networkStream: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  networkStream = await t.services.activities.defaultStreamId(w.network.id);
});
afterAll(() => t.close());

const settled = () => t.services.events.settled();
const page = async (session: Session, query = '') => {
  const response = await t.app.inject({ url: `/api/v1/activities${query}`, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityPage>().activities;
};
const announcements = async (session: Session, appointmentId: string): Promise<Activity[]> =>
  (await page(session, '?limit=50')).filter((a) => a.object.type === 'appointment' && a.object.id === appointmentId);

async function created(overrides: Parameters<typeof appointmentBody>[1]) {
  const response = await api.create(w.author.session, appointmentBody([w.authorCalendar], overrides));
  expect(response.statusCode, response.body).toBe(201);
  await settled();
  return response.json<Appointment>();
}
async function updated(id: string, overrides: Parameters<typeof appointmentBody>[1]) {
  const response = await api.update(w.author.session, id, appointmentBody([w.authorCalendar], overrides));
  expect(response.statusCode, response.body).toBe(200);
  await settled();
}

describe('appointments posted to streams', () => {
  it('announces an appointment once, in the streams its organiser may post to, and keeps it current', async () => {
    const { group: foreign } = await groupWithCalendar(t.services, w.network.id, { admins: [w.other], access: 'closed' });
    const appointment = await created({
      name: 'Team breakfast',
      post_to_stream: true,
      activitystream_ids: [networkStream, foreign.id],
    });
    const [announced, ...more] = await announcements(w.other.session, appointment.id);
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
    expect(announced!.actor?.id).toBe(w.author.membership.id);

    await updated(appointment.id, { name: 'Team brunch', post_to_stream: true, activitystream_ids: [networkStream] });
    const after = await announcements(w.other.session, appointment.id);
    expect(after.map((a) => a.id)).toEqual([announced!.id]);
    expect(after[0]!.object.title).toBe('Team brunch');

    // Deleted with its appointment.
    expect((await api.destroy(w.author.session, appointment.id)).statusCode).toBe(204);
    await settled();
    expect(await announcements(w.other.session, appointment.id)).toHaveLength(0);
  });

  it('posts nothing without post_to_stream, and posts when an update turns it on', async () => {
    const appointment = await created({ name: 'Quiet meeting', post_to_stream: false });
    expect(await announcements(w.other.session, appointment.id)).toHaveLength(0);
    await updated(appointment.id, { name: 'Quiet meeting', post_to_stream: true, activitystream_ids: [networkStream] });
    expect(await announcements(w.other.session, appointment.id)).toHaveLength(1);
    // Off again keeps what was posted; on again posts no second one.
    await updated(appointment.id, { name: 'Quiet meeting', post_to_stream: false });
    await updated(appointment.id, { name: 'Quiet meeting', post_to_stream: true, activitystream_ids: [networkStream] });
    expect(await announcements(w.other.session, appointment.id)).toHaveLength(1);
  });
});

describe('group joins posted to the group stream', () => {
  const join = (session: Session, groupId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/groups/${groupId}/join`, headers: session.headers });
  const joinNotes = async (session: Session, groupId: string) =>
    (await page(session, `?group_id=${groupId}`)).filter((a) => a.object.type === 'note');

  it('posts a short note when the network wants it, for open groups only', async () => {
    const [first, second, third] = [
      await member(t, w.network.id),
      await member(t, w.network.id),
      await member(t, w.network.id),
    ];
    const { group } = await groupWithCalendar(t.services, w.network.id, { admins: [w.admin] });

    expect((await join(first.session, group.id)).statusCode).toBeLessThan(300);
    await settled();
    expect(await joinNotes(w.admin.session, group.id)).toHaveLength(0);

    await storeNetworkSettings(t.database.db, w.network.id, { activity_on_group_join: true });
    try {
      expect((await join(second.session, group.id)).statusCode).toBeLessThan(300);
      await settled();
      const notes = await joinNotes(w.admin.session, group.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.actor?.id).toBe(second.membership.id);
      expect(notes[0]!.object.plain_content).toContain(group.name);

      // A closed group's join goes through a request: nothing is posted.
      const { group: closed } = await groupWithCalendar(t.services, w.network.id, {
        admins: [w.admin],
        access: 'closed',
      });
      await join(third.session, closed.id);
      await settled();
      expect(await joinNotes(w.admin.session, closed.id)).toHaveLength(0);
    } finally {
      await storeNetworkSettings(t.database.db, w.network.id, {});
    }
  });
});

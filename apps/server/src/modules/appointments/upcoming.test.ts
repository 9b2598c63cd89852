import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { countQueries } from '../../testing/query-counter.ts';
import { createMember } from '../../testing/index.ts';
import { participationApi } from './participation/test-support.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  member,
  type Member,
  type TestApp,
} from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let p: ReturnType<typeof participationApi>;
let reader: Member;
let single: Appointment;
let series: Appointment;

// From just after the series' first occurrence, for 30 days.
const from = new Date('2027-02-01T12:00:00+01:00');
const to = new Date(from.getTime() + 30 * 24 * 60 * 60 * 1000);
const query = { from, to, timeZone: 'Europe/Berlin', max: 10 };

async function create(
  session: Member['session'],
  calendarId: string,
  overrides: Parameters<typeof appointmentBody>[1],
) {
  const response = await api.create(session, appointmentBody([calendarId], overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

async function accept(m: Member, id: string, applyTo?: 'all') {
  const response = await p.respond(m.session, id, 'accepted', applyTo);
  expect(response.statusCode, response.body).toBe(200);
}

/** A participant row of someone the appointment's calendar is not readable for (as a seed writes it). */
function seedParticipant(appointmentId: string, membershipId: string) {
  return t.services.appointments.insertInvites(w.network.id, [
    {
      appointmentId,
      membershipId,
      authorId: null,
      inviteStatus: 'accepted',
      participantStatus: 'accepted',
      endsAt: null,
    },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  p = participationApi(t);
  reader = await member(t, w.network.id);
  const { calendar: groupCalendar } = await groupWithCalendar(t.services, w.network.id, {
    members: [reader],
    access: 'closed',
  });

  single = await create(w.admin.session, w.networkCalendar, {
    name: 'Single',
    date: { start: '2027-02-02T10:00', end: '2027-02-02T11:00' },
  });
  series = await create(w.admin.session, w.networkCalendar, {
    name: 'Weekly',
    date: { start: '2027-02-01T09:00', end: '2027-02-01T10:00' },
    recurrence_pattern: { recurrence_frequency: 'weekly' },
  });
  const allDay = await create(w.admin.session, w.networkCalendar, {
    name: 'All day',
    date: { start: '2027-02-03', end: '2027-02-03', all_day: true },
  });
  const inGroup = await create(w.admin.session, groupCalendar, {
    name: 'Group only',
    date: { start: '2027-02-04T10:00', end: '2027-02-04T11:00' },
  });
  const shared = await create(w.other.session, w.otherCalendar, {
    name: 'Shared',
    date: { start: '2027-02-05T10:00', end: '2027-02-05T11:00' },
  });

  await accept(reader, single.id);
  await accept(reader, `r-${series.id}-20270201T0900`, 'all');
  await accept(reader, inGroup.id);
  await accept(w.other, single.id);
  await accept(w.other, allDay.id);
  await accept(w.author, shared.id);
  // The series' exceptions: one occurrence deleted, one moved, one declined by the reader alone.
  expect((await api.destroy(w.admin.session, `r-${series.id}-20270208T0900`, 'this')).statusCode).toBe(204);
  const moved = await api.update(
    w.admin.session,
    `r-${series.id}-20270215T0900`,
    appointmentBody(
      [w.networkCalendar],
      { name: 'Moved', date: { start: '2027-02-16T11:00', end: '2027-02-16T12:00' } },
      'this',
    ),
  );
  expect(moved.statusCode, moved.body).toBe(200);
  expect((await p.respond(reader.session, `r-${series.id}-20270222T0900`, 'declined', 'this')).statusCode).toBe(200);
  // Taking part without reading the calendar: the guest in the network's, another member in the closed group's.
  await seedParticipant(single.id, w.external.membership.id);
  await seedParticipant(inGroup.id, w.other.membership.id);
  await t.services.events.settled();
});
afterAll(() => t.close());

const names = (list: Array<{ name: string }> | undefined) => (list ?? []).map((a) => a.name);

describe('the upcoming appointments of many members at once', () => {
  it('answers per member what they take part in, from readable calendars, series without their exceptions', async () => {
    const members = [reader, w.other, w.external, w.author];
    const found = await t.services.appointments.upcoming(
      members.map((m) => m.actor),
      query,
    );
    expect(names(found.get(reader.membership.id))).toEqual(['Single', 'Group only', 'Moved', 'Weekly']);
    expect(found.get(reader.membership.id)!.map((a) => a.id)).toEqual([
      single.id,
      expect.any(String),
      `r-${series.id}-20270215T0900`,
      `r-${series.id}-20270301T0900`,
    ]);
    const moved = found.get(reader.membership.id)![2]!;
    expect(moved.startsAt.toISOString()).toBe('2027-02-16T10:00:00.000Z');
    expect(moved.path).toBe(`/appointments/r-${series.id}-20270215T0900`);
    // An all-day appointment stands at the midnight of its day in the zone asked; who makes an
    // appointment takes part in it.
    expect(names(found.get(w.other.membership.id))).toEqual(['Single', 'All day', 'Shared']);
    const allDay = found.get(w.other.membership.id)![1]!;
    expect(allDay).toMatchObject({ allDay: true, at: new Date('2027-02-03T00:00:00+01:00') });
    expect(found.get(w.external.membership.id)).toEqual([]);
    expect(names(found.get(w.author.membership.id))).toEqual(['Shared']);
  });

  it('answers what the participating month view shows of the same days', async () => {
    const found = await t.services.appointments.upcoming([reader.actor, w.other.actor], query);
    for (const m of [reader, w.other]) {
      const month = await api.month(m.session, { date: '2027-02-01', time_zone: 'Europe/Berlin' }, true);
      const shown = month.appointments.filter((a) => {
        const start = a.date.all_day ? new Date(`${a.date.start}T00:00:00+01:00`) : new Date(a.date.start);
        return !a.canceled && (a.date.all_day ? a.date.start >= '2027-02-01' : start >= from) && start < to;
      });
      expect(found.get(m.membership.id)!.map((a) => a.id)).toEqual(shown.map((a) => a.id));
    }
  });

  it('answers at most `max` per member, the first ones', async () => {
    const found = await t.services.appointments.upcoming([reader.actor, w.other.actor], { ...query, max: 2 });
    expect(names(found.get(reader.membership.id))).toEqual(['Single', 'Group only']);
    expect(names(found.get(w.other.membership.id))).toEqual(['Single', 'All day']);
    const none = await t.services.appointments.upcoming([reader.actor], { ...query, max: 0 });
    expect(none.get(reader.membership.id)).toEqual([]);
  });

  it('reads with the same number of queries for 2 members as for 20', async () => {
    const actors: Actor[] = [];
    for (let i = 0; i < 20; i++) {
      const { membership } = await createMember(t.services, w.network.id);
      actors.push(t.services.members.actorFor(membership, 'test', null));
    }
    for (const actor of actors) {
      await seedParticipant(single.id, actor.membershipId);
      await seedParticipant(series.id, actor.membershipId);
    }
    const read = (some: typeof actors) => () => t.services.appointments.upcoming(some, query);
    const two = await countQueries(t.database, read(actors.slice(0, 2)));
    const twenty = await countQueries(t.database, read(actors));
    expect(twenty.count).toBe(two.count);
    expect(twenty.count).toBeLessThanOrEqual(5);
    const found = await read(actors)();
    for (const actor of actors) {
      expect(names(found.get(actor.membershipId))).toEqual(['Single', 'Moved', 'Weekly', 'Weekly']);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrenceId, type Appointment, type StartedMeeting } from '@agora/contracts';
import type { Session } from '../../testing/index.ts';
import type { AppointmentRow } from './repository.ts';
import { seriesBookingPeriods } from './room-bookings.ts';
import { appointmentBody, appointmentsApi, appointmentsWorld, createTestApp, type TestApp } from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
const rooms = {
  startMeeting: (session: Session | null, appointmentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/appointments/${appointmentId}/start-meeting`,
      headers: session?.headers ?? { accept: 'application/json' },
    }),
};
let roomIds: string[];

beforeAll(async () => {
  t = await createTestApp({ MEETING_URL_TEMPLATE: 'https://video.example.org/join/{room}?lang=de' });
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  const seeded = await t.services.meetingRooms.seedMeetingRooms(w.network.id, [
    'Alpha',
    'Beta',
    'Gamma',
    'Delta',
    'Epsilon',
    'Zeta',
    'Eta',
    'Theta',
    'Iota',
    'Kappa',
    'Lambda',
    'My',
  ]);
  roomIds = seeded.map((r) => r.id);
});
afterAll(() => t.close());

/** Each test books a room of its own, so that they do not meet. */
let nextRoom = 0;
const freshRoom = () => roomIds[nextRoom++]!;

const bookings = (ids: string[]) => t.services.meetingRooms.bookingsOf(w.network.id, ids);

async function create(overrides: Parameters<typeof appointmentBody>[1], session = w.author.session) {
  return api.create(session, appointmentBody([w.authorCalendar], overrides));
}

async function created(overrides: Parameters<typeof appointmentBody>[1]) {
  const response = await create(overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

describe('a meeting room on save', () => {
  it('is dropped in a network without rooms, as before rooms existed', async () => {
    const world = await appointmentsWorld(t, 'no-rooms.example.org');
    const response = await api.create(
      world.author.session,
      appointmentBody([world.authorCalendar], { meeting: { room_id: roomIds[0] } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Appointment>().meeting).toMatchObject({ room_id: null, room_name: null, has_meeting: false });
  });

  it('must be a room of the network and needs an end', async () => {
    const unknown = await create({ meeting: { room_id: 'f'.repeat(24) } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { 'meeting.room_id': ['invalid'] } });
    const endless = await create({ date: { end: null }, meeting: { room_id: roomIds[0] } });
    expect(endless.statusCode).toBe(422);
    expect(endless.json()).toEqual({ errors: { 'date.end': ['room_needs_end'] } });
    const instant = await create({ date: { end: '2026-12-01T10:00' }, meeting: { room_id: roomIds[0] } });
    expect(instant.json()).toEqual({ errors: { 'date.end': ['room_needs_end'] } });
  });

  it('is booked for the appointment, shown with its name, and moves with it', async () => {
    const room = freshRoom();
    const appointment = await created({
      date: { start: '2030-01-07T10:00', end: '2030-01-07T11:30' },
      meeting: { room_id: room },
    });
    expect(appointment.meeting).toMatchObject({ room_id: room, room_name: 'Alpha', has_meeting: true });
    expect(await bookings([appointment.id])).toEqual([
      {
        roomId: room,
        appointmentId: appointment.id,
        start: '2030-01-07T09:00:00.000Z',
        end: '2030-01-07T10:30:00.000Z',
      },
    ]);
    const moved = await api.update(
      w.author.session,
      appointment.id,
      appointmentBody([w.authorCalendar], {
        date: { start: '2030-01-08T14:00', end: '2030-01-08T15:00' },
        meeting: { room_id: room },
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bookings([appointment.id])).map((b) => b.start)).toEqual(['2030-01-08T13:00:00.000Z']);
    // Without a room it holds none.
    await api.update(w.author.session, appointment.id, appointmentBody([w.authorCalendar], {}));
    expect(await bookings([appointment.id])).toEqual([]);
  });

  it('cannot be booked twice at once: 422 room_occupied, and nothing of the save is written', async () => {
    const room = freshRoom();
    const first = await created({
      name: 'First',
      date: { start: '2030-02-04T10:00', end: '2030-02-04T11:00' },
      meeting: { room_id: room },
    });
    const overlapping = await create({
      name: 'Second',
      date: { start: '2030-02-04T10:30', end: '2030-02-04T12:00' },
      meeting: { room_id: room },
    });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json()).toEqual({ errors: { 'meeting.room_id': ['room_occupied'] } });
    // Back to back is fine.
    const next = await created({
      date: { start: '2030-02-04T11:00', end: '2030-02-04T12:00' },
      meeting: { room_id: room },
    });
    // An edit that would overlap changes nothing.
    const edit = await api.update(
      w.author.session,
      next.id,
      appointmentBody([w.authorCalendar], {
        name: 'Renamed',
        date: { start: '2030-02-04T10:45', end: '2030-02-04T12:00' },
        meeting: { room_id: room },
      }),
    );
    expect(edit.statusCode).toBe(422);
    const after = (await api.get(w.author.session, next.id)).json<Appointment>();
    expect(after.name).toBe('Team meeting');
    expect((await bookings([first.id, next.id])).map((b) => b.start)).toEqual([
      '2030-02-04T09:00:00.000Z',
      '2030-02-04T10:00:00.000Z',
    ]);
  });

  it('lets exactly one of two simultaneous saves of the same room and time through', async () => {
    const room = freshRoom();
    const body = { date: { start: '2030-03-04T10:00', end: '2030-03-04T11:00' }, meeting: { room_id: room } };
    const answers = await Promise.all([
      api.create(w.author.session, appointmentBody([w.authorCalendar], body)),
      api.create(w.other.session, appointmentBody([w.otherCalendar], body)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const winner = answers.find((a) => a.statusCode === 201)!.json<Appointment>();
    expect(await bookings([winner.id])).toHaveLength(1);
    // The loser wrote nothing: the author has no second appointment with that room.
    const loser = answers.find((a) => a.statusCode === 422)!;
    expect(loser.json()).toEqual({ errors: { 'meeting.room_id': ['room_occupied'] } });
  });

  it('is guarded by the database itself: overlapping bookings are refused whoever writes them', async () => {
    const room = freshRoom();
    const period = { start: new Date('2030-04-01T10:00:00Z'), end: new Date('2030-04-01T11:00:00Z') };
    const holdings = (appointmentId: string) => [{ appointmentId, roomId: room, periods: [period] }];
    await t.database.db.transaction((tx) => t.services.meetingRooms.book(tx, w.network.id, holdings('a'.repeat(24))));
    await expect(
      t.database.db.transaction((tx) => t.services.meetingRooms.book(tx, w.network.id, holdings('b'.repeat(24)))),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await bookings(['a'.repeat(24), 'b'.repeat(24)])).toHaveLength(1);
  });
});

describe('a series with a meeting room', () => {
  const weekly = (overrides: Parameters<typeof appointmentBody>[1] = {}) => ({
    date: { start: '2030-06-03T10:00', end: '2030-06-03T11:00' },
    recurrence_pattern: { recurrence_frequency: 'weekly' as const, recurrence_end_time: '2030-06-24' },
    ...overrides,
  });

  it('books each occurrence, skipping deleted and modified ones; a modified one books its own', async () => {
    const room = freshRoom();
    const series = await created({ ...weekly(), meeting: { room_id: room } });
    expect((await bookings([series.id])).map((b) => b.start)).toEqual([
      '2030-06-03T08:00:00.000Z',
      '2030-06-10T08:00:00.000Z',
      '2030-06-17T08:00:00.000Z',
      '2030-06-24T08:00:00.000Z',
    ]);
    // The second occurrence deleted alone, the third moved to the afternoon in another room.
    const second = occurrenceId(series.id, '20300610T1000');
    expect((await api.destroy(w.author.session, second, 'this')).statusCode).toBe(204);
    const otherRoom = freshRoom();
    const third = occurrenceId(series.id, '20300617T1000');
    const moved = await api.update(
      w.author.session,
      third,
      appointmentBody(
        [w.authorCalendar],
        { date: { start: '2030-06-17T15:00', end: '2030-06-17T16:00' }, meeting: { room_id: otherRoom } },
        'this',
      ),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bookings([series.id])).map((b) => b.start)).toEqual([
      '2030-06-03T08:00:00.000Z',
      '2030-06-24T08:00:00.000Z',
    ]);
    const all = await t.services.meetingRooms.bookingsOf(
      w.network.id,
      (await t.services.appointments.roomBookings.holders(w.author.actor, series.id)).filter((id) => id !== series.id),
    );
    expect(all).toEqual([expect.objectContaining({ roomId: otherRoom, start: '2030-06-17T13:00:00.000Z' })]);
    // The moved occurrence is shown with its room.
    const detail = (await api.get(w.author.session, third)).json<Appointment>();
    expect(detail.meeting).toMatchObject({ room_id: otherRoom, has_meeting: true });
    expect(detail.meeting.room_name).toBe((await t.services.meetingRooms.find(w.network.id, otherRoom))!.name);

    // Saved again as a whole, the series keeps skipping them.
    const renamed = await api.update(
      w.author.session,
      series.id,
      appointmentBody([w.authorCalendar], { ...weekly(), name: 'Renamed', meeting: { room_id: room } }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await bookings([series.id])).map((b) => b.start)).toEqual([
      '2030-06-03T08:00:00.000Z',
      '2030-06-24T08:00:00.000Z',
    ]);
  });

  it('is refused when any occurrence meets another booking of the room', async () => {
    const room = freshRoom();
    await created({ date: { start: '2030-07-15T10:30', end: '2030-07-15T11:30' }, meeting: { room_id: room } });
    const response = await create({
      ...weekly({
        date: { start: '2030-07-01T10:00', end: '2030-07-01T11:00' },
        recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: null },
      }),
      meeting: { room_id: room },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'meeting.room_id': ['room_occupied'] } });
  });

  it('books at most two years ahead of a series without end', async () => {
    const room = freshRoom();
    const series = await created({
      date: { start: '2031-01-06T10:00', end: '2031-01-06T11:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: null },
      meeting: { room_id: room },
    });
    const held = await bookings([series.id]);
    expect(held.length).toBeGreaterThanOrEqual(104);
    expect(held.length).toBeLessThanOrEqual(105);
    expect(held.at(-1)!.start < '2033-01-07').toBe(true);
  });

  it('frees every booking when the series is deleted, also those of its modified occurrences', async () => {
    const room = freshRoom();
    const series = await created({ ...weekly(), meeting: { room_id: room } });
    const third = occurrenceId(series.id, '20300617T1000');
    await api.update(
      w.author.session,
      third,
      appointmentBody(
        [w.authorCalendar],
        { date: { start: '2030-06-17T12:00', end: '2030-06-17T13:00' }, meeting: { room_id: room } },
        'this',
      ),
    );
    const holders = await t.services.appointments.roomBookings.holders(w.author.actor, series.id);
    expect(holders).toHaveLength(2);
    expect(await bookings(holders)).toHaveLength(4);
    expect((await api.destroy(w.author.session, third, 'all')).statusCode).toBe(204);
    expect(await bookings(holders)).toEqual([]);
  });

  it('frees a single appointment’s booking when it is deleted', async () => {
    const room = freshRoom();
    const appointment = await created({ meeting: { room_id: room } });
    expect(await bookings([appointment.id])).toHaveLength(1);
    expect((await api.destroy(w.author.session, appointment.id)).statusCode).toBe(204);
    expect(await bookings([appointment.id])).toEqual([]);
  });
});

describe('POST /appointments/{id}/start-meeting', () => {
  it('walks the ladder: 401, 404, 403, 200 with the room’s join URL', async () => {
    const room = roomIds[0]!;
    const appointment = await created({
      date: { start: '2030-09-02T10:00', end: '2030-09-02T11:00' },
      meeting: { room_id: room, join_url: 'https://example.org/fallback' },
    });
    const key = (await t.services.meetingRooms.find(w.network.id, room))!.meetingKey;
    const joinUrl = `https://video.example.org/join/${encodeURIComponent(key)}?lang=de`;

    expect((await rooms.startMeeting(null, appointment.id)).statusCode).toBe(401);
    // The external member cannot read the personal calendar.
    expect((await rooms.startMeeting(w.external.session, appointment.id)).statusCode).toBe(404);
    // The organizer may start it.
    const started = await rooms.startMeeting(w.author.session, appointment.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<StartedMeeting>()).toEqual({ join_url: joinUrl });

    const detail = (await api.get(w.author.session, appointment.id)).json<Appointment>();
    expect(detail.can.start_meeting).toBe(true);
    expect(detail.meeting.join_url).toBe(joinUrl);
    // Saved back from the form, the room's URL is not stored as a link of its own.
    await api.update(
      w.author.session,
      appointment.id,
      appointmentBody([w.authorCalendar], {
        date: { start: '2030-09-02T10:00', end: '2030-09-02T11:00' },
        meeting: { room_id: room, join_url: joinUrl },
      }),
    );
    const row = await t.services.appointments.load(w.author.actor, appointment.id);
    expect(row.row.meeting.join_url).toBeNull();
  });

  it('is for readers who take part, not for those who merely read', async () => {
    // The other member's calendar is shared with the author: the author reads what is in it.
    const appointment = await (async () => {
      const response = await api.create(
        w.other.session,
        appointmentBody([w.otherCalendar], {
          date: { start: '2030-09-09T10:00', end: '2030-09-09T11:00' },
          meeting: { room_id: roomIds[1], join_url: 'https://example.org/fallback' },
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Appointment>();
    })();
    const reader = await rooms.startMeeting(w.author.session, appointment.id);
    expect(reader.statusCode).toBe(403);
    const seen = (await api.get(w.author.session, appointment.id)).json<Appointment>();
    expect(seen.can.start_meeting).toBe(false);
    // Whoever may not start it sees the link given, not the room's.
    expect(seen.meeting).toMatchObject({ room_name: 'Beta', join_url: 'https://example.org/fallback' });
    // Taking part, they may.
    const joined = await t.app.inject({
      method: 'PUT',
      url: `/appointments/${appointment.id}/participants/me`,
      headers: w.author.session.headers,
      payload: { participant: { status: 'accepted' } },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await rooms.startMeeting(w.author.session, appointment.id)).statusCode).toBe(200);
    expect((await api.get(w.author.session, appointment.id)).json<Appointment>().can.start_meeting).toBe(true);
  });

  it('is refused without a room', async () => {
    const appointment = await created({ meeting: { join_url: 'https://example.org/x' } });
    expect((await rooms.startMeeting(w.author.session, appointment.id)).statusCode).toBe(403);
    expect((await api.get(w.author.session, appointment.id)).json<Appointment>().can.start_meeting).toBe(false);
  });

  it('is refused once the appointment is cancelled, which frees its room', async () => {
    const appointment = await created({
      date: { start: '2030-09-16T10:00', end: '2030-09-16T11:00' },
      meeting: { room_id: roomIds[2] },
    });
    expect(await bookings([appointment.id])).toHaveLength(1);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/appointments/${appointment.id}/cancel`,
      headers: w.author.session.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await rooms.startMeeting(w.author.session, appointment.id)).statusCode).toBe(403);
    expect(await bookings([appointment.id])).toEqual([]);
  });
});

describe('seriesBookingPeriods', () => {
  const series = {
    startsAt: new Date('2030-03-25T09:00:00Z'),
    endsAt: new Date('2030-03-25T10:00:00Z'),
    allDay: false,
    timeZone: 'Europe/Berlin',
    recurrenceFrequency: 'daily',
    recurrenceInterval: 1,
    recurrenceUnit: 'daily',
    recurrenceEndTime: new Date('2030-03-31T22:00:00Z'),
  } as AppointmentRow;

  it('follows the wall clock across daylight saving and skips the exceptions', () => {
    const skipped = new Set([new Date('2030-03-27T09:00:00Z').getTime()]);
    const periods = seriesBookingPeriods(series, skipped, new Date('2030-03-29T12:00:00Z'));
    // From the first occurrence not over yet; 10:00 in Berlin is 08:00 UTC from 31 March on.
    expect(periods.map((p) => [p.start.toISOString(), p.end.toISOString()])).toEqual([
      ['2030-03-30T09:00:00.000Z', '2030-03-30T10:00:00.000Z'],
      ['2030-03-31T08:00:00.000Z', '2030-03-31T09:00:00.000Z'],
    ]);
    expect(seriesBookingPeriods(series, skipped, new Date('2020-01-01T00:00:00Z'))).toHaveLength(6);
  });

  it('books nothing without an end, and at most two years', () => {
    expect(seriesBookingPeriods({ ...series, endsAt: null }, new Set(), new Date('2020-01-01T00:00:00Z'))).toEqual([]);
    const endless = { ...series, recurrenceEndTime: null };
    const periods = seriesBookingPeriods(endless, new Set(), new Date('2020-01-01T00:00:00Z'));
    expect(periods).toHaveLength(731);
    expect(periods.at(-1)!.start.toISOString()).toBe('2032-03-24T09:00:00.000Z');
  });
});

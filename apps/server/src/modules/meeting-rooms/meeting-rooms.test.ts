import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, CalendarContext, MeetingRoomAdmin } from '@agora/contracts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { createdRoom, meetingRoomsApi, roomList, roomsWorld } from './test-support.ts';
import { meetingRoomSlug, newMeetingKey } from './service.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof roomsWorld>>;
let api: ReturnType<typeof meetingRoomsApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await roomsWorld(t);
  api = meetingRoomsApi(t);
});
afterAll(() => t.close());

const body = (name: string) => ({ meeting_room: { name } });

const detailOf = async (session: { headers: Record<string, string> }, id: string) =>
  (await t.app.inject({ url: `/appointments/${id}`, headers: session.headers })).json<Appointment>();

describe('meeting keys', () => {
  it('are readable and url-safe, with ten random characters', () => {
    expect(meetingRoomSlug('Raum Süd / 2. Stock')).toBe('raum-sued-2-stock');
    expect(meetingRoomSlug('???')).toBe('room');
    const key = newMeetingKey('Großer Saal');
    expect(key).toMatch(/^grosser-saal-[A-Za-z0-9_-]{10}$/);
    expect(newMeetingKey('Großer Saal')).not.toBe(key);
  });
});

describe('the administration of meeting rooms', () => {
  it('walks the ladder: 401, 403, 422, 201', async () => {
    expect((await api.create(null, body('Atrium'))).statusCode).toBe(401);
    expect((await api.create(w.author.session, body('Atrium'))).statusCode).toBe(403);
    expect((await api.adminList(w.author.session)).statusCode).toBe(403);
    const invalid = await api.create(w.admin.session, body('  '));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { name: ['required'] } });
    const long = await api.create(w.admin.session, body('x'.repeat(256)));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: { name: ['too_long'] }, details: { name: { maximum: 255 } } });
    const created = await api.create(w.admin.session, body(' Atrium '));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Atrium',
      upcoming_bookings: 0,
      created_at: expect.any(String),
      can: { update: true, destroy: true },
    });
  });

  it('refuses a name the network has already, whatever its case', async () => {
    await createdRoom(t, w.admin.session, 'Bibliothek');
    const duplicate = await api.create(w.admin.session, body('BIBLIOTHEK'));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ errors: { name: ['taken'] } });
    const other = await createdRoom(t, w.admin.session, 'Bibliothek 2');
    const renamed = await api.rename(w.admin.session, other.id, body('bibliothek'));
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual({ errors: { name: ['taken'] } });
  });

  it('renames a room keeping its meeting key; 404 for an unknown room', async () => {
    const room = await createdRoom(t, w.admin.session, 'Keller');
    const before = await t.services.meetingRooms.find(w.network.id, room.id);
    expect((await api.rename(w.author.session, room.id, body('Dachboden'))).statusCode).toBe(403);
    expect((await api.rename(w.admin.session, room.id, body(''))).statusCode).toBe(422);
    expect((await api.rename(w.admin.session, 'f'.repeat(24), body('Dachboden'))).statusCode).toBe(404);
    const renamed = await api.rename(w.admin.session, room.id, body('Dachboden'));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<MeetingRoomAdmin>().name).toBe('Dachboden');
    const after = await t.services.meetingRooms.find(w.network.id, room.id);
    expect(after?.meetingKey).toBe(before?.meetingKey);
    expect(after?.meetingKey).toMatch(/^keller-/);
  });

  it('lists the rooms by name with their upcoming bookings', async () => {
    const room = await createdRoom(t, w.admin.session, 'Aula');
    await w.appointment(w.author, '2030-01-07T10:00', '2030-01-07T11:00', { room_id: room.id });
    // Over: not upcoming.
    await w.appointment(w.author, '2020-01-07T10:00', '2020-01-07T11:00', { room_id: room.id });
    const response = await api.adminList(w.admin.session);
    expect(response.statusCode).toBe(200);
    const rooms = response.json<MeetingRoomAdmin[]>();
    const names = rooms.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(rooms.find((r) => r.id === room.id)?.upcoming_bookings).toBe(1);
  });

  it('deletes a room: its bookings go and the appointments that had it have no room', async () => {
    const room = await createdRoom(t, w.admin.session, 'Abstellkammer');
    const appointment = await w.appointment(w.author, '2030-02-04T10:00', '2030-02-04T11:00', {
      room_id: room.id,
      join_url: 'https://example.org/elsewhere',
    });
    expect(appointment.meeting).toMatchObject({ room_id: room.id, room_name: 'Abstellkammer', has_meeting: true });
    expect((await api.destroy(w.author.session, room.id)).statusCode).toBe(403);
    expect((await api.destroy(w.admin.session, room.id)).statusCode).toBe(204);
    expect((await api.destroy(w.admin.session, room.id)).statusCode).toBe(404);
    expect(await t.services.meetingRooms.bookingsOf(w.network.id, [appointment.id])).toEqual([]);
    // The appointments forget the room by the event's processor.
    await t.services.events.settled();
    const detail = await detailOf(w.author.session, appointment.id);
    expect(detail.meeting).toMatchObject({
      room_id: null,
      room_name: null,
      join_url: 'https://example.org/elsewhere',
      has_meeting: true,
    });
    expect(detail.can.start_meeting).toBe(false);
  });
});

describe('GET /meeting_rooms', () => {
  it('walks the ladder: 401, 422, 200', async () => {
    expect((await api.list(null)).statusCode).toBe(401);
    const missing = await api.list(w.author.session, { filter: 'reservable' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { start: ['required'], end: ['required'] } });
    const backwards = await api.list(w.author.session, {
      filter: 'reservable',
      start: '2030-01-01T11:00:00+01:00',
      end: '2030-01-01T10:00:00+01:00',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toEqual({ errors: { end: ['end_lt_start'] } });
    const malformed = await api.list(w.author.session, { filter: 'reservable', start: 'tomorrow', end: 'later' });
    expect(malformed.statusCode).toBe(422);
    expect((await api.list(w.author.session)).statusCode).toBe(200);
  });

  it('says which rooms another appointment has at the time asked about; the edited one does not count', async () => {
    const world = await roomsWorld(t, 'rooms.example.org');
    const [a, b] = await t.services.meetingRooms.seedMeetingRooms(world.network.id, ['Zeppelin', 'Adler']);
    const booked = await world.appointment(world.author, '2030-03-04T10:00', '2030-03-04T11:00', { room_id: a!.id });

    // Without a filter: every room, by name, none occupied.
    expect(await roomList(t, world.other.session)).toEqual([
      { id: b!.id, name: 'Adler', occupied: false },
      { id: a!.id, name: 'Zeppelin', occupied: false },
    ]);
    const at = (start: string, end: string, extra: Record<string, string> = {}) =>
      roomList(t, world.other.session, { filter: 'reservable', start, end, ...extra });
    // Berlin is UTC+1 in March: 10:30-11:30 local overlaps, 11:00-12:00 touches only.
    expect(await at('2030-03-04T10:30:00+01:00', '2030-03-04T11:30:00+01:00')).toEqual([
      { id: b!.id, name: 'Adler', occupied: false },
      { id: a!.id, name: 'Zeppelin', occupied: true },
    ]);
    expect((await at('2030-03-04T11:00:00+01:00', '2030-03-04T12:00:00+01:00')).every((r) => !r.occupied)).toBe(true);
    expect((await at('2030-03-04T09:00:00Z', '2030-03-04T09:30:00Z'))[1]?.occupied).toBe(true);
    // The author editing it: its own booking is no obstacle.
    const own = await roomList(t, world.author.session, {
      filter: 'reservable',
      start: '2030-03-04T10:30:00+01:00',
      end: '2030-03-04T11:30:00+01:00',
      appointment_id: booked.id,
      room_id: a!.id,
    });
    expect(own.map((r) => r.occupied)).toEqual([false, false]);
    // Someone who cannot read it cannot have its booking overlooked.
    const foreign = await at('2030-03-04T10:30:00+01:00', '2030-03-04T11:30:00+01:00', { appointment_id: booked.id });
    expect(foreign.map((r) => r.occupied)).toEqual([false, true]);
    // Another network's member does not learn about it: its rooms are its own.
    expect(await roomList(t, w.author.session, { room_id: a!.id })).not.toContainEqual(
      expect.objectContaining({ id: a!.id }),
    );
  });
});

describe('network can.create_meetings', () => {
  it('is true once the network has a room', async () => {
    const world = await roomsWorld(t, 'context.example.org');
    const context = async () =>
      (
        await t.app.inject({ url: '/api/v1/calendars/context', headers: world.author.session.headers })
      ).json<CalendarContext>().network.can.create_meetings;
    expect(await context()).toBe(false);
    await t.services.meetingRooms.seedMeetingRooms(world.network.id, ['Studio']);
    expect(await context()).toBe(true);
  });
});

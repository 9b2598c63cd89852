import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MeetingRoom } from '@agora/contracts';
import { CALENDAR_ID, appointmentFixture, contextFixture } from '../../../testing/appointment-fixtures.ts';
import {
  button,
  field,
  maybeField,
  open,
  options,
  ready,
  saveButton,
  useFormTestSetup,
} from '../testing/form-harness.tsx';
import { newAppointmentValues } from './form-values.ts';
import { roomWindow } from './meeting-room-field.tsx';

const withRooms = () => {
  const context = contextFixture();
  return { ...context, network: { ...context.network, can: { ...context.network.can, create_meetings: true } } };
};

const ROOMS: MeetingRoom[] = [
  { id: 'a'.repeat(24), name: 'Atrium', occupied: false },
  { id: 'b'.repeat(24), name: 'Bibliothek', occupied: true },
];

type RoomAnswer = { status: number; body?: unknown } | (() => Promise<never>);

/** The form with rooms: `/meeting_rooms?...` is answered by `rooms` (any query), recorded in `asked`. */
function openWithRooms(
  path: string,
  rooms: RoomAnswer,
  answers: NonNullable<Parameters<typeof open>[1]>['answers'] = {},
) {
  const view = open(path, {
    answers: { 'GET /api/v1/calendars/context': { status: 200, body: withRooms() }, ...answers },
  });
  const stubbed = globalThis.fetch;
  const asked: URLSearchParams[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith('/meeting_rooms?')) return stubbed(input, init);
    asked.push(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
    if (typeof rooms === 'function') return rooms();
    return new Response(JSON.stringify(rooms.body), {
      status: rooms.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { ...view, asked };
}

describe('the meeting room picker', { timeout: 20_000 }, () => {
  useFormTestSetup();

  it('is not there when the network has no rooms', async () => {
    open('/appointments/new');
    await ready();
    expect(maybeField('Meetingraum')).toBeNull();
  });

  it('asks for the rooms free at the appointment’s time, occupied ones disabled, and saves the choice', async () => {
    const { asked, calls } = openWithRooms(`/appointments/new?calendar_id=${CALENDAR_ID}`, {
      status: 200,
      body: ROOMS,
    });
    await ready();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    // 11:00-12:00 on 10 March in Berlin (UTC+1).
    expect(Object.fromEntries(asked[0]!)).toEqual({
      filter: 'reservable',
      start: '2030-03-10T10:00:00Z',
      end: '2030-03-10T11:00:00Z',
    });
    await waitFor(() => expect(screen.queryByText('Meetingräume werden geladen …')).toBeNull());
    const listed = await options('Meetingraum');
    expect(listed.map((o) => o.textContent)).toEqual(['Atrium', 'Bibliothek (belegt)']);
    expect(listed[1]!.getAttribute('data-combobox-disabled') ?? listed[1]!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(listed[0]!);
    expect(field('Meetingraum').value).toBe('Atrium');

    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/appointments')!;
    expect((post.body as { appointment: { meeting: { room_id: string } } }).appointment.meeting.room_id).toBe(
      'a'.repeat(24),
    );
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
  });

  it('says when no room is free', async () => {
    openWithRooms('/appointments/new', { status: 200, body: ROOMS.map((r) => ({ ...r, occupied: true })) });
    await ready();
    expect(await screen.findByText('Zu dieser Zeit ist kein Meetingraum frei.')).toBeTruthy();
  });

  it('shows a loading indicator, then a generic error with a way to try again', async () => {
    let fail!: () => void;
    const pending = new Promise<never>((_, reject) => {
      fail = () => reject(new TypeError('Failed to fetch'));
    });
    const { asked } = openWithRooms('/appointments/new', () => pending);
    await ready();
    expect(await screen.findByText('Meetingräume werden geladen …')).toBeTruthy();
    expect(field('Meetingraum').getAttribute('aria-busy')).toBe('true');
    fail();
    expect(
      await screen.findByText('Die Meetingräume konnten nicht geladen werden.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    const before = asked.length;
    fireEvent.click(button('Erneut versuchen'));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });

  it('needs an end time, and leaves out the edited appointment’s own booking', async () => {
    const room = ROOMS[0]!;
    const appointment = appointmentFixture({
      meeting: { ...appointmentFixture().meeting, room_id: room.id, room_name: room.name },
      can: { ...appointmentFixture().can, update: true, start_meeting: true },
    });
    const { asked } = openWithRooms(
      `/appointments/${appointment.id}/edit`,
      { status: 200, body: ROOMS },
      {
        [`GET /appointments/${appointment.id}`]: { status: 200, body: appointment },
      },
    );
    await ready();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked[0]!.get('appointment_id')).toBe(appointment.id);
    expect(asked[0]!.get('room_id')).toBe(room.id);
    expect(field('Meetingraum').value).toBe('Atrium');

    fireEvent.click(button('Ende entfernen'));
    expect(await screen.findByText('Legen Sie eine Endzeit fest, um einen Meetingraum zu wählen.')).toBeTruthy();
    // The room chosen can still be taken off; then the picker waits for an end.
    fireEvent.click(field('Meetingraum').parentElement!.querySelector('button')!);
    await waitFor(() => expect(field('Meetingraum').disabled).toBe(true));
  });

  it('marks the room when the server finds it taken meanwhile', async () => {
    openWithRooms(
      `/appointments/new?calendar_id=${CALENDAR_ID}`,
      { status: 200, body: ROOMS },
      {
        'POST /appointments': { status: 422, body: { errors: { 'meeting.room_id': ['room_occupied'] } } },
      },
    );
    await ready();
    fireEvent.click((await options('Meetingraum'))[0]!);
    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Dieser Meetingraum ist zu dieser Zeit schon gebucht.')).toBeTruthy();
    expect(field('Meetingraum').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('roomWindow', () => {
  const values = newAppointmentValues({
    now: new Date('2030-07-01T08:20:00Z'),
    timeZone: 'Europe/Berlin',
    query: { date: null, calendarId: null, postToStream: false, description: null, streams: [] },
    creatableCalendarIds: [],
    currency: '€',
  });

  it('is the appointment’s time as instants, all-day from midnight to the midnight after', () => {
    expect(roomWindow(values)).toEqual({ start: '2030-07-01T09:00:00Z', end: '2030-07-01T10:00:00Z' });
    expect(roomWindow({ ...values, allDay: true, endDate: '2030-07-02' })).toEqual({
      start: '2030-06-30T22:00:00Z',
      end: '2030-07-02T22:00:00Z',
    });
  });

  it('is none without an end, or with an end not after the start', () => {
    expect(roomWindow({ ...values, endDate: null })).toBeNull();
    expect(roomWindow({ ...values, endTime: values.startTime })).toBeNull();
    expect(roomWindow({ ...values, allDay: true, endDate: null })).not.toBeNull();
  });
});

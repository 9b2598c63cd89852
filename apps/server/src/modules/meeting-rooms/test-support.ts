// Test helpers of the meeting rooms: the calls the web app makes, and bodies of appointments with a room.
import type { Appointment, MeetingRoom, MeetingRoomAdmin } from '@agora/contracts';
import { createNetwork, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

const json = { accept: 'application/json' };

export function meetingRoomsApi(t: TestApp) {
  const headers = (session: Session | null) => session?.headers ?? json;
  return {
    list: (session: Session | null, query: Record<string, string> = {}) =>
      t.app.inject({ url: `/meeting_rooms?${new URLSearchParams(query)}`, headers: headers(session) }),
    adminList: (session: Session | null) =>
      t.app.inject({ url: '/administration/meeting_rooms', headers: headers(session) }),
    create: (session: Session | null, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/administration/meeting_rooms',
        headers: headers(session),
        payload: payload as object,
      }),
    rename: (session: Session | null, id: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/administration/meeting_rooms/${id}`,
        headers: headers(session),
        payload: payload as object,
      }),
    destroy: (session: Session | null, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/administration/meeting_rooms/${id}`, headers: headers(session) }),
    startMeeting: (session: Session | null, appointmentId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/appointments/${appointmentId}/start-meeting`,
        headers: headers(session),
      }),
  };
}

/** Makes a room through the administration API; answers it. */
export async function createdRoom(t: TestApp, admin: Session, name: string): Promise<MeetingRoomAdmin> {
  const response = await meetingRoomsApi(t).create(admin, { meeting_room: { name } });
  if (response.statusCode !== 201) throw new Error(`create room: ${response.statusCode} ${response.body}`);
  return response.json<MeetingRoomAdmin>();
}

/** The rooms as `GET /meeting_rooms` answers them, for a member. */
export async function roomList(t: TestApp, session: Session, query: Record<string, string> = {}) {
  const response = await meetingRoomsApi(t).list(session, query);
  if (response.statusCode !== 200) throw new Error(`rooms: ${response.statusCode} ${response.body}`);
  return response.json<MeetingRoom[]>();
}

/**
 * A network with an administrator and two members, each member with a personal calendar to put
 * appointments into (appointments made through the API, as the form makes them).
 */
export async function roomsWorld(t: TestApp, host: string | null = null) {
  const network = await createNetwork(t.services, host ? { host } : {});
  const hostName = host ?? 'localhost';
  const admin = await signedInMember(t.app, t.services, network.id, { admin: true }, hostName);
  const people = [];
  for (const name of ['author', 'other']) {
    const person = await signedInMember(t.app, t.services, network.id, {}, hostName);
    const [calendar] = await t.services.calendars.createMany(network.id, [
      {
        type: 'personal',
        name: `Calendar of the ${name}`,
        color: '2f9e44',
        ownerId: person.membership.id,
        authorId: person.membership.id,
        sharedWith: [],
      },
    ]);
    people.push({ ...person, calendarId: calendar!.id });
  }
  const [author, other] = people as [(typeof people)[number], (typeof people)[number]];

  /** `POST /appointments` of a one-hour appointment in Berlin with a room (or none) by `who`. */
  async function appointment(
    who: typeof author,
    start: string,
    end: string,
    meeting: { room_id?: string | null; join_url?: string | null } = {},
  ): Promise<Appointment> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/appointments',
      headers: who.session.headers,
      payload: {
        appointment: {
          name: 'Meeting',
          calendar_ids: [who.calendarId],
          date: { start, end, all_day: false, time_zone: 'Europe/Berlin' },
          recurrence_pattern: { recurrence_frequency: 'never' },
          meeting,
        },
      },
    });
    if (response.statusCode !== 201) throw new Error(`appointment: ${response.statusCode} ${response.body}`);
    return response.json<Appointment>();
  }

  return { network, admin, author, other, appointment };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppointmentInvite,
  AppointmentMonth,
  AppointmentParticipation,
  LinkPage,
  MeetingRoom,
  Unreads,
} from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;
let max: Session;
let gina: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
  gina = await signIn(t.app, 'gina.guest@example.com', DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = async <T>(url: string, session: Session): Promise<T> => {
  const response = await t.app.inject({ url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const invites = async (status: string, session = max) =>
  (await get<LinkPage<AppointmentInvite>>(`/api/v1/invites?filter=appointments&status=${status}`, session)).items.map(
    (i) => i.invitable.name,
  );
const participations = async (status: string, session = max) =>
  (await get<LinkPage<AppointmentParticipation>>(`/api/v1/participations?status=${status}`, session)).items.map(
    (p) => p.invitable.name,
  );

describe('the demo participation', () => {
  it('gives Max invites in every state', async () => {
    expect(await invites('open')).toEqual(
      expect.arrayContaining(['Quartalsplanung (online)', 'Betriebsversammlung', 'Erste-Hilfe-Kurs']),
    );
    expect(await invites('expired')).toContain('Brandschutzübung');
    expect(await invites('obsolete')).toEqual(expect.arrayContaining(['Team-Event Bowling', 'Kundenworkshop']));
    expect(await participations('accepted')).toEqual(
      expect.arrayContaining(['Sommerfest', 'Messe „Digital Workplace“']),
    );
    expect(await participations('declined')).toContain('Datenschutz-Schulung (online)');
    const unreads = await get<Unreads>('/api/v1/unreads', max);
    expect(unreads.Calendars).toBe((await invites('open')).length);
  });

  it('has a fully booked course that Max cannot join', async () => {
    const month = await get<AppointmentMonth>(
      `/appointments?date=${new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10)}`,
      max,
    );
    const course = month.appointments.find((a) => a.name === 'Erste-Hilfe-Kurs')!;
    const detail = await get<{
      total_attendees_enforced_and_exceeded: boolean;
      attending_participants_count: number;
      my_invite: { status: string } | null;
    }>(`/appointments/${course.id}`, max);
    expect(detail.attending_participants_count).toBe(12);
    expect(detail.total_attendees_enforced_and_exceeded).toBe(true);
    expect(detail.my_invite?.status).toBe('open');
  });

  it('gives Gina, the guest, an open invite and an accepted one', async () => {
    expect(await invites('open', gina)).toContain('Jour fixe Relaunch');
    expect(await participations('accepted', gina)).toContain('Go-live Website');
  });

  it('has online meeting rooms, one of them booked', async () => {
    const rooms = await get<MeetingRoom[]>('/meeting_rooms', max);
    expect(rooms.map((r) => r.name)).toEqual(['Videoraum Berlin', 'Videoraum Hamburg', 'Vorstandsraum (online)']);
  });
});

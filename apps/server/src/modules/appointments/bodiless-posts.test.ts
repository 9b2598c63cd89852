import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentInvite, StartedMeeting } from '@agora/contracts';
import type { Session } from '../../testing/index.ts';
import { organiserApi } from './organiser-test-support.ts';
import { appointmentsWorld, createTestApp, type TestApp } from './test-support.ts';

// The calls whose spec payload is "none", as a client sends them: a POST without a body and
// without a content type.
let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof organiserApi>;
let roomId: string;

beforeAll(async () => {
  t = await createTestApp({ MEETING_URL_TEMPLATE: 'https://video.example.org/join/{room}' });
  w = await appointmentsWorld(t);
  api = organiserApi(t);
  const [room] = await t.services.meetingRooms.seedMeetingRooms(w.network.id, ['Alpha']);
  roomId = room!.id;
});
afterAll(() => t.close());

function bodiless(session: Session, url: string) {
  expect(Object.keys(session.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
  return t.app.inject({ method: 'POST', url, headers: session.headers });
}

describe('a POST without body and content type', () => {
  it('cancels an appointment', async () => {
    const appointment = await api.created(w.admin.session, [w.networkCalendar]);
    const response = await bodiless(w.admin.session, `/appointments/${appointment.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Appointment>()).toMatchObject({ id: appointment.id, canceled: true });
  });

  it('cancels a whole series', async () => {
    const series = await api.created(w.admin.session, [w.networkCalendar], {
      recurrence_pattern: { recurrence_frequency: 'weekly' },
    });
    const response = await bodiless(w.admin.session, `/appointments/${series.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Appointment>()).toMatchObject({ id: series.id, canceled: true });
  });

  it('starts a meeting', async () => {
    const appointment = await api.created(w.author.session, [w.authorCalendar], {
      date: { start: '2030-09-02T10:00', end: '2030-09-02T11:00' },
      meeting: { room_id: roomId },
    });
    const response = await bodiless(w.author.session, `/appointments/${appointment.id}/start-meeting`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StartedMeeting>().join_url).toMatch(/^https:\/\/video\.example\.org\/join\//);
  });

  it('accepts and rejects invites', async () => {
    const appointment = await api.created(w.admin.session, [w.networkCalendar]);
    await api.invite(w.admin.session, appointment.id, [w.author.membership.id, w.other.membership.id]);
    for (const [who, answer, status] of [
      [w.author, 'accept', 'accepted'],
      [w.other, 'reject', 'declined'],
    ] as const) {
      const invite = (await api.invites(who.session, 'open')).items.find((i) => i.invitable.id === appointment.id)!;
      const response = await bodiless(who.session, `/api/v1/invites/${invite.id}/${answer}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AppointmentInvite>()).toMatchObject({ status });
    }
  });

  it('still answers 422 with field errors where the body has required fields', async () => {
    const appointment = await api.created(w.admin.session, [w.networkCalendar]);
    const contact = await bodiless(w.admin.session, `/appointments/${appointment.id}/contact`);
    expect(contact.statusCode).toBe(422);
    expect(contact.json()).toEqual({ errors: { contact: ['required'] } });
    const created = await bodiless(w.admin.session, '/appointments');
    expect(created.statusCode).toBe(422);
    expect(Object.keys(created.json<{ errors: object }>().errors)).not.toContain('base');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  member,
  type Member,
  type TestApp,
} from '../test-support.ts';
import { participatingIn } from './participating.ts';
import { participationApi } from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let p: ReturnType<typeof participationApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  p = participationApi(t);
});
afterAll(() => t.close());

async function networkAppointment(overrides: Parameters<typeof appointmentBody>[1] = {}) {
  const response = await api.create(w.admin.session, appointmentBody([w.networkCalendar], overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

async function participatingIds(m: Member): Promise<string[]> {
  const month = await api.month(m.session, { date: '2026-12-01', time_zone: 'Europe/Berlin' }, true);
  return month.appointments.map((a) => a.id);
}

async function feedText(m: Member): Promise<string> {
  const response = await t.app.inject({
    url: '/appointments/participating.ics',
    headers: { cookie: m.session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('the participating views', () => {
  it('show what the member accepted or is invited to, not what they declined, also per occurrence', async () => {
    const m = await member(t, w.network.id);
    const accepted = await networkAppointment({ name: 'Accepted' });
    const invited = await networkAppointment({
      name: 'Invited',
      date: { start: '2026-12-02T10:00', end: '2026-12-02T11:00' },
    });
    const declined = await networkAppointment({
      name: 'Declined',
      date: { start: '2026-12-03T10:00', end: '2026-12-03T11:00' },
    });
    const series = await networkAppointment({
      name: 'Weekly',
      date: { start: '2026-12-07T09:00', end: '2026-12-07T10:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly' },
    });
    const onlyOne = await networkAppointment({
      name: 'Only one',
      date: { start: '2026-12-08T15:00', end: '2026-12-08T16:00' },
      recurrence_pattern: { recurrence_frequency: 'daily', recurrence_end_time: '2026-12-12T16:00' },
    });
    await p.respond(m.session, accepted.id, 'accepted');
    await p.add(w.admin.session, invited.id, { participant: { membership_ids: [m.membership.id] } });
    await p.respond(m.session, declined.id, 'declined');
    await p.respond(m.session, `r-${series.id}-20261207T0900`, 'accepted', 'all');
    await p.respond(m.session, `r-${series.id}-20261214T0900`, 'declined', 'this');
    await p.add(w.admin.session, `r-${series.id}-20261221T0900`, {
      participant: { membership_ids: [m.membership.id] },
      apply_to: 'this',
    });
    await p.remove(w.admin.session, `r-${series.id}-20261221T0900`, 'me', 'this').then(async (r) => {
      // 'me' is the organiser here: they are taken off that occurrence alone.
      expect(r.statusCode).toBe(204);
    });
    await p.respond(m.session, `r-${onlyOne.id}-20261210T1500`, 'accepted', 'this');

    const ids = await participatingIds(m);
    expect(ids).toContain(accepted.id);
    expect(ids).toContain(invited.id);
    expect(ids).not.toContain(declined.id);
    const weekly = ids.filter((id) => id.startsWith(`r-${series.id}`));
    expect(weekly).toContain(`r-${series.id}-20261207T0900`);
    expect(weekly).not.toContain(`r-${series.id}-20261214T0900`);
    expect(weekly).toContain(`r-${series.id}-20261228T0900`);
    expect(ids.filter((id) => id.startsWith(`r-${onlyOne.id}`))).toEqual([`r-${onlyOne.id}-20261210T1500`]);
    // The organiser was taken off one occurrence of what they made.
    const organiser = await participatingIds(w.admin);
    expect(organiser).toContain(`r-${series.id}-20261214T0900`);
    expect(organiser).not.toContain(`r-${series.id}-20261221T0900`);

    const feed = await feedText(m);
    expect(feed).toContain('SUMMARY:Accepted');
    expect(feed).toContain('SUMMARY:Invited');
    expect(feed).not.toContain('SUMMARY:Declined');
    // The declined occurrence is left out of the series, the single accepted occurrence stands alone.
    expect(feed).toMatch(/EXDATE[^\n]*20261214T090000/);
    expect(feed).toContain(`UID:r-${onlyOne.id}-20261210T1500@`);
    expect(feed).not.toMatch(new RegExp(`UID:${onlyOne.id}@`));
  });
});

describe('participatingIn', () => {
  it('lets an occurrence’s own row decide over the series row', () => {
    const seen = participatingIn([
      { appointmentId: 's', occurrenceKey: '', status: 'accepted' },
      { appointmentId: 's', occurrenceKey: 'k1', status: 'declined' },
      { appointmentId: 's', occurrenceKey: 'k2', status: 'removed' },
      { appointmentId: 'o', occurrenceKey: 'k3', status: 'invited' },
      { appointmentId: 'd', occurrenceKey: '', status: 'rejected' },
    ]);
    expect(seen.shows('s', '')).toBe(true);
    expect(seen.shows('s', 'k0')).toBe(true);
    expect(seen.shows('s', 'k1')).toBe(false);
    expect(seen.shows('s', 'k2')).toBe(false);
    expect(seen.shows('o', 'k3')).toBe(true);
    expect(seen.shows('o', 'k4')).toBe(false);
    expect(seen.showsSeries('o')).toBe(false);
    expect(seen.shows('d', '')).toBe(false);
    expect(seen.shows('x', '')).toBe(false);
    expect(seen.exceptions('s')).toEqual({ shown: [], hidden: ['k1', 'k2'] });
  });
});

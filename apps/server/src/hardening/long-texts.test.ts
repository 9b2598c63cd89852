// The text-length rule: a text over its maximum is refused with 422 too_long, the maximum as the
// field's detail, and nothing is stored or changed; a text of exactly the maximum is kept whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Calendar } from '@agora/contracts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  type TestApp,
} from '../modules/appointments/test-support.ts';
import { calendarBody } from '../modules/calendars/test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
});
afterAll(() => t.close());

const unbroken = (length: number) => 'W'.repeat(length);
const tooLong = (field: string, maximum: number) => ({
  errors: { [field]: ['too_long'] },
  details: { [field]: { maximum } },
});

async function appointmentCount() {
  const month = await api.month(w.author.session, { date: '2026-12-01', calendar_ids: w.authorCalendar });
  return JSON.stringify(month).match(/"id":"/g)?.length ?? 0;
}

describe('appointments', () => {
  it('refuse a 10,000-character name on create, cutting nothing and storing nothing', async () => {
    const before = await appointmentCount();
    const response = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { name: unbroken(10_000) }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual(tooLong('name', 255));
    expect(await appointmentCount()).toBe(before);
  });

  it('keep a name of exactly 255 characters whole, and refuse one more on update, changing nothing', async () => {
    const name = unbroken(255);
    const created = await api.create(w.author.session, appointmentBody([w.authorCalendar], { name }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Appointment>();
    expect(created.json<Appointment>().name).toBe(name);

    const update = await api.update(
      w.author.session,
      id,
      appointmentBody([w.authorCalendar], { name: unbroken(256), location: { city: 'Berlin' } }),
    );
    expect(update.statusCode, update.body).toBe(422);
    expect(update.json()).toEqual(tooLong('name', 255));
    const stored = (await api.get(w.author.session, id)).json<Appointment>();
    expect(stored.name).toBe(name);
    expect(stored.location.city ?? null).toBeNull();
  });

  it('name the maximum of each field that is too long, the spec’s own where it names one', async () => {
    const response = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { location: { name: unbroken(256), zip: '12345678901' } }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      errors: { 'location.name': ['too_long'], 'location.zip': ['too_long'] },
      details: { 'location.name': { maximum: 255 }, 'location.zip': { maximum: 10 } },
    });
  });
});

describe('calendars', () => {
  const request = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: w.author.session.headers, payload: payload as object });

  it('refuse an over-long name on create and update, changing nothing', async () => {
    const refused = await request('POST', '/calendars', calendarBody({ name: unbroken(256) }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual(tooLong('name', 255));

    const created = await request('POST', '/calendars', calendarBody({ name: unbroken(255) }));
    expect(created.statusCode, created.body).toBe(201);
    const calendar = created.json<Calendar>();
    expect(calendar.name).toBe(unbroken(255));

    const update = await request('PUT', `/calendars/${calendar.id}`, calendarBody({ name: unbroken(10_000) }));
    expect(update.statusCode, update.body).toBe(422);
    expect(update.json()).toEqual(tooLong('name', 255));
    const list = await t.app.inject({ url: '/calendars', headers: w.author.session.headers });
    const names = list.json<{ calendars: Calendar[] }>().calendars.map((c) => c.name);
    expect(names).toContain(unbroken(255));
  });
});

describe('groups', () => {
  it('refuse an over-long name on create and update, changing nothing', async () => {
    const [category] = await t.services.groups.createCategories(w.network.id, [
      { slug: 'long-texts', name: 'Team', pluralName: 'Teams' },
    ]);
    const headers = w.admin.session.headers;
    const group = (name: string) => ({ group: { name, group_category_id: category!.id } });

    const refused = await t.app.inject({ method: 'POST', url: '/groups', headers, payload: group(unbroken(10_000)) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual(tooLong('name', 255));

    const created = await t.app.inject({ method: 'POST', url: '/groups', headers, payload: group('Long texts') });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json<{ slug: string }>();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/groups/${slug}`,
      headers,
      payload: group(unbroken(256)),
    });
    expect(update.statusCode, update.body).toBe(422);
    expect(update.json()).toEqual(tooLong('name', 255));
    const stored = await t.app.inject({ url: `/api/v1/groups/${slug}`, headers });
    expect(stored.json<{ name: string }>().name).toBe('Long texts');
  });
});

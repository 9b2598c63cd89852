import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentMonth } from '@agora/contracts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../platform/db/client.ts';
import { statementsDuring } from '../../testing/statements.ts';
import { participationApi } from './participation/test-support.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  personalCalendar,
  type Member,
  type TestApp,
} from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
});
afterAll(() => t.close());

/** The statements that read appointments while some work runs. */
async function appointmentReads(database: Database, work: () => Promise<unknown>): Promise<number> {
  return (await statementsDuring(database, work)).filter((sql) => /from "appointments"/.test(sql)).length;
}

async function create(member: Member, body: ReturnType<typeof appointmentBody>): Promise<Appointment> {
  const response = await api.create(member.session, body);
  expect(response.statusCode, response.body).toBe(201);
  // Its processors (search, activities) read it too: done before the test counts reads.
  await t.services.events.settled();
  return response.json<Appointment>();
}

const monthUrl = (query: Record<string, string>, participating = false) =>
  `/appointments${participating ? '/participating' : ''}?${new URLSearchParams({ type: 'month', ...query })}`;

describe('the month answer cache', () => {
  it('answers a repeated request from the cache, without reading appointments again', async () => {
    await create(w.admin, appointmentBody([w.networkCalendar], { date: { start: '2027-05-12T10:00', end: null } }));
    const url = monthUrl({ date: '2027-05-01', calendar_ids: w.networkCalendar });
    const first = await t.app.inject({ url, headers: w.author.session.headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    let second = first;
    const reads = await appointmentReads(t.database, async () => {
      second = await t.app.inject({ url, headers: w.author.session.headers });
    });
    expect(reads).toBe(0);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.json<AppointmentMonth>().appointments).toHaveLength(1);
    // Another month is another answer, computed from the database.
    const other = await appointmentReads(t.database, () =>
      t.app.inject({ url: monthUrl({ date: '2027-06-01' }), headers: w.author.session.headers }),
    );
    expect(other).toBeGreaterThan(0);
  });

  it('sends an ETag and answers 304 to a matching If-None-Match, until something changes', async () => {
    const url = monthUrl({ date: '2027-07-01', calendar_ids: w.networkCalendar });
    const first = await t.app.inject({ url, headers: w.author.session.headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"m-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ url, headers: { ...w.author.session.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another member with the same calendars has the same answer: the same ETag.
    const admin = await t.app.inject({ url, headers: { ...w.admin.session.headers, 'if-none-match': etag } });
    expect(admin.statusCode).toBe(304);

    await create(w.admin, appointmentBody([w.networkCalendar], { date: { start: '2027-07-14T10:00', end: null } }));
    const changed = await t.app.inject({ url, headers: { ...w.author.session.headers, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<AppointmentMonth>().appointments).toHaveLength(1);
  });

  it('gzips the answer for clients that accept it', async () => {
    const url = monthUrl({ date: '2027-05-01', calendar_ids: w.networkCalendar });
    const plain = await t.app.inject({ url, headers: w.author.session.headers });
    for (const accept of ['gzip, deflate, br, zstd', '*', 'br;q=1, gzip;q=0.5']) {
      const zipped = await t.app.inject({ url, headers: { ...w.author.session.headers, 'accept-encoding': accept } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.headers.etag).toBe(plain.headers.etag);
      expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    for (const accept of ['identity', 'gzip;q=0', 'br', '*;q=0']) {
      const identity = await t.app.inject({ url, headers: { ...w.author.session.headers, 'accept-encoding': accept } });
      expect(identity.headers['content-encoding'], accept).toBeUndefined();
      expect(identity.body).toBe(plain.body);
    }
  });

  it('shows every write at once, whoever makes it, occurrences included', async () => {
    const query = { date: '2027-09-01', calendar_ids: `${w.networkCalendar},${w.otherCalendar}` };
    const month = () => api.month(w.author.session, query);
    const names = async () => (await month()).appointments.map((a) => `${a.date.start.slice(5, 10)} ${a.name}`);
    expect(await names()).toEqual([]);

    const single = await create(
      w.admin,
      appointmentBody([w.networkCalendar], { name: 'Single', date: { start: '2027-09-08T10:00', end: null } }),
    );
    expect(await names()).toEqual(['09-08 Single']);
    const renamed = appointmentBody([w.networkCalendar], {
      name: 'Renamed',
      date: { start: '2027-09-08T10:00', end: null },
    });
    expect((await api.update(w.admin.session, single.id, renamed)).statusCode).toBe(200);
    expect(await names()).toEqual(['09-08 Renamed']);

    const series = await create(
      w.other,
      appointmentBody([w.otherCalendar], {
        name: 'Weekly',
        date: { start: '2027-09-01T09:00', end: '2027-09-01T09:30' },
        recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: '2027-09-22' },
      }),
    );
    expect(await names()).toEqual(['09-01 Weekly', '09-08 Weekly', '09-08 Renamed', '09-15 Weekly', '09-22 Weekly']);

    const occurrences = (await month()).appointments.filter((a) => a.id.startsWith(`r-${series.id}`));
    const edited = appointmentBody(
      [w.otherCalendar],
      { name: 'Moved', date: { start: '2027-09-16T09:00', end: '2027-09-16T09:30' } },
      'this',
    );
    expect((await api.update(w.other.session, occurrences[2]!.id, edited)).statusCode).toBe(200);
    expect((await api.destroy(w.other.session, occurrences[0]!.id, 'this')).statusCode).toBe(204);
    expect(await names()).toEqual(['09-08 Weekly', '09-08 Renamed', '09-16 Moved', '09-22 Weekly']);

    const calendar = await t.app.inject({
      method: 'PUT',
      url: `/calendars/${w.networkCalendar}`,
      headers: w.admin.session.headers,
      payload: { calendar: { name: 'Network', color: '123abc', type: 'network' } },
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect((await month()).appointments.find((a) => a.name === 'Renamed')?.color).toBe('123abc');

    expect((await api.destroy(w.admin.session, single.id)).statusCode).toBe(204);
    expect(await names()).toEqual(['09-08 Weekly', '09-16 Moved', '09-22 Weekly']);
    expect((await api.destroy(w.other.session, series.id)).statusCode).toBe(204);
    expect(await names()).toEqual([]);
  });

  it('stops showing a calendar as soon as its share is removed, by the owner or by the member', async () => {
    const byOwner = await personalCalendar(t.services, w.network.id, w.other, [w.author.membership.id]);
    const byMember = await personalCalendar(t.services, w.network.id, w.other, [w.author.membership.id]);
    for (const calendar of [byOwner, byMember]) {
      await create(
        w.other,
        appointmentBody([calendar.id], { name: calendar.id, date: { start: '2027-10-05T10:00', end: null } }),
      );
    }
    const query = { date: '2027-10-01', calendar_ids: `${byOwner.id},${byMember.id}` };
    const names = async () => (await api.month(w.author.session, query)).appointments.map((a) => a.name).sort();
    expect(await names()).toEqual([byOwner.id, byMember.id].sort());

    const unshared = await t.app.inject({
      method: 'PUT',
      url: `/calendars/${byOwner.id}`,
      headers: w.other.session.headers,
      payload: { calendar: { name: byOwner.name, color: byOwner.color, type: 'personal', membership_ids: [] } },
    });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(await names()).toEqual([byMember.id]);

    const dropped = await t.app.inject({
      method: 'DELETE',
      url: `/calendars/${byMember.id}/share`,
      headers: w.author.session.headers,
    });
    expect(dropped.statusCode).toBe(204);
    expect(await names()).toEqual([]);
    // The owner still sees both.
    expect((await api.month(w.other.session, query)).appointments).toHaveLength(2);
  });

  it('never gives one member the calendars another may read', async () => {
    const { calendar: closed } = await groupWithCalendar(t.services, w.network.id, {
      admins: [w.admin],
      access: 'hidden',
    });
    await create(
      w.admin,
      appointmentBody([closed], { name: 'Hidden', date: { start: '2027-11-10T10:00', end: null } }),
    );
    const query = { date: '2027-11-01', calendar_ids: closed };
    expect((await api.month(w.admin.session, query)).appointments.map((a) => a.name)).toEqual(['Hidden']);
    const url = monthUrl(query);
    const adminEtag = (await t.app.inject({ url, headers: w.admin.session.headers })).headers.etag as string;
    const author = await t.app.inject({ url, headers: { ...w.author.session.headers, 'if-none-match': adminEtag } });
    expect(author.statusCode).toBe(200);
    expect(author.json<AppointmentMonth>().appointments).toEqual([]);
  });

  it('keeps the participating answers of each member apart', async () => {
    const { calendar } = await groupWithCalendar(t.services, w.network.id, { admins: [w.admin, w.author] });
    await create(
      w.admin,
      appointmentBody([calendar], { name: 'By admin', date: { start: '2028-01-11T10:00', end: null } }),
    );
    await create(
      w.author,
      appointmentBody([calendar], { name: 'By author', date: { start: '2028-01-12T10:00', end: null } }),
    );
    const query = { date: '2028-01-01', calendar_ids: calendar };
    const mine = async (member: Member) =>
      (await api.month(member.session, query, true)).appointments.map((a) => a.name);
    for (let round = 0; round < 2; round++) {
      expect(await mine(w.admin)).toEqual(['By admin']);
      expect(await mine(w.author)).toEqual(['By author']);
    }
    expect((await api.month(w.author.session, query)).appointments).toHaveLength(2);
  });

  it('keeps the sheet of all appointments when someone answers, and shows the answer in the participating one', async () => {
    const appointment = await create(
      w.admin,
      appointmentBody([w.networkCalendar], { name: 'Open', date: { start: '2028-04-12T10:00', end: null } }),
    );
    const query = { date: '2028-04-01', calendar_ids: w.networkCalendar };
    const all = await t.app.inject({ url: monthUrl(query), headers: w.author.session.headers });
    const etag = all.headers.etag as string;
    expect(all.json<AppointmentMonth>().appointments.map((a) => a.name)).toEqual(['Open']);
    expect((await api.month(w.author.session, query, true)).appointments).toEqual([]);

    const joined = await participationApi(t).respond(w.author.session, appointment.id, 'accepted');
    expect(joined.statusCode, joined.body).toBe(200);
    // Who takes part is not part of the sheet of all appointments: its answer stays valid.
    const again = await t.app.inject({
      url: monthUrl(query),
      headers: { ...w.author.session.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await api.month(w.author.session, query, true)).appointments.map((a) => a.name)).toEqual(['Open']);
  });

  it('sees the writes of another server process on the same database', async () => {
    // A second app on the same database: a process with a cache of its own.
    const second = await buildApp(t.config, t.database);
    await second.ready();
    try {
      const secondApi = appointmentsApi({ ...t, app: second, services: second.services });
      const query = { date: '2028-03-01', calendar_ids: w.networkCalendar };
      expect((await api.month(w.author.session, query)).appointments).toEqual([]);
      expect((await secondApi.month(w.author.session, query)).appointments).toEqual([]);
      const made = await secondApi.create(
        w.admin.session,
        appointmentBody([w.networkCalendar], { name: 'Elsewhere', date: { start: '2028-03-08T10:00', end: null } }),
      );
      expect(made.statusCode).toBe(201);
      expect((await api.month(w.author.session, query)).appointments.map((a) => a.name)).toEqual(['Elsewhere']);
    } finally {
      await second.close();
    }
  });
});

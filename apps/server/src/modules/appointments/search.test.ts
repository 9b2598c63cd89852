import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentSearchHit, SearchResponse } from '@agora/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { StoredEvent } from '../../platform/events/index.ts';
import { domainEvents } from '../../platform/events/tables.ts';
import { searchDocuments } from '../../platform/search/tables.ts';
import { foundBy } from '../../testing/search-sources.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  type TestApp,
} from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let hidden: Awaited<ReturnType<typeof groupWithCalendar>>;

async function create(session: (typeof w)['author']['session'], ...args: Parameters<typeof appointmentBody>) {
  const response = await api.create(session, appointmentBody(...args));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

const names = (hits: AppointmentSearchHit[]) => hits.map((h) => h.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  // A German network: the index stems its texts in German.
  await t.services.networks.updateSettings(w.network.id, {}, null, { language: 'de' });
  hidden = await groupWithCalendar(t.services, w.network.id, { members: [w.author], access: 'hidden' });
});

const search = async (who: (typeof w)['author'], q: string) => {
  await t.services.events.settled();
  const response = await t.app.inject({
    url: `/search.json?${new URLSearchParams({ q, module: 'appointments' })}`,
    headers: who.session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<SearchResponse>().appointments_query!;
  return { total: result.total, names: result.hits.map((h) => h.name).sort() };
};
afterAll(() => t.close());

describe('appointments in global search', () => {
  it('finds an appointment of a personal calendar only for its owner and those it is shared with', async () => {
    await create(w.author.session, [w.authorCalendar], { name: 'Dentist private', description: '<p>Root canal</p>' });
    await create(w.other.session, [w.otherCalendar], {
      name: 'Dentist shared',
      location: { name: 'Praxis am Markt', city: 'Köln' },
    });

    const author = await foundBy(t.services, 'appointments', w.author.actor, 'dentist');
    expect(names(author.hits)).toEqual(['Dentist private', 'Dentist shared']);
    // Not the other's keys: the document of the author's own calendar is found by nobody else.
    const other = await foundBy(t.services, 'appointments', w.other.actor, 'dentist');
    expect(names(other.hits)).toEqual(['Dentist shared']);
    expect(other.documents.map((d) => d.title)).toEqual(['Dentist shared']);
    const admin = await foundBy(t.services, 'appointments', w.admin.actor, 'dentist');
    expect(admin.documents).toEqual([]);
    // Description as text, location in the content; found by either.
    expect((await foundBy(t.services, 'appointments', w.author.actor, 'root canal')).documents).toHaveLength(1);
    expect((await foundBy(t.services, 'appointments', w.author.actor, 'köln')).documents).toHaveLength(1);
    // What a member cannot read is never presented, whatever the index held.
    const mine = author.documents.find((d) => d.title === 'Dentist private')!;
    expect(await t.services.search.source('appointments')!.present(w.other.actor, [mine.id])).toEqual([]);
  });

  it("finds a hidden group's appointment for its members only, in the group", async () => {
    const retreat = await create(w.author.session, [hidden.calendar], { name: 'Secret retreat' });
    const [hit] = (await foundBy(t.services, 'appointments', w.author.actor, 'secret')).hits;
    expect(hit).toMatchObject({
      id: retreat.id,
      type: 'appointment',
      name: 'Secret retreat',
      date: { start: '2026-12-01T10:00:00+01:00', end: '2026-12-01T11:00:00+01:00', all_day: false },
      calendars: [{ id: hidden.calendar }],
      recurrence_pattern: null,
      html_url: `/appointments/${retreat.id}`,
    });
    for (const outsider of [w.other, w.external]) {
      expect((await foundBy(t.services, 'appointments', outsider.actor, 'secret')).documents).toEqual([]);
    }
    const [document] = await t.services.search.source('appointments')!.load(w.network.id, [retreat.id]);
    expect(document).toMatchObject({ groupId: hidden.group.id, access: [`appointments:calendar:${hidden.calendar}`] });
  });

  it('indexes a series and each changed occurrence; events name what they changed', async () => {
    const series = await create(w.admin.session, [w.networkCalendar], {
      name: 'Weekly standup',
      date: { start: '2026-10-06T10:00', end: '2026-10-06T10:15' },
      recurrence_pattern: { recurrence_frequency: 'weekly' },
    });
    const occurrence = `r-${series.id}-20261013T1000`;
    const changed = await api.update(
      w.admin.session,
      occurrence,
      appointmentBody(
        [w.networkCalendar],
        { name: 'Standup with guests', date: { start: '2026-10-13T11:00', end: '2026-10-13T11:30' } },
        'this',
      ),
    );
    expect(changed.statusCode, changed.body).toBe(200);

    const found = await foundBy(t.services, 'appointments', w.author.actor, 'standup');
    const byName = new Map(found.hits.map((h) => [h.name, h]));
    expect(byName.get('Weekly standup')).toMatchObject({
      id: series.id,
      type: 'recurring_appointment',
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: null },
    });
    const modified = byName.get('Standup with guests')!;
    expect(modified).toMatchObject({
      type: 'modified_recurring_appointment',
      date: { start: '2026-10-13T11:00:00+02:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly' },
      html_url: `/appointments/${occurrence}`,
    });

    // Deleting the series: its rows are gone, and its event names the changed occurrence, so
    // that the search processor reloads (and so drops) its document too.
    expect((await api.destroy(w.admin.session, `${series.id}`)).statusCode).toBe(204);
    const source = t.services.search.source('appointments')!;
    expect(await source.load(w.network.id, [series.id, modified.id])).toEqual([]);
    const [destroyed] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'appointment.destroyed'), eq(domainEvents.subjectId, series.id)));
    const event: StoredEvent = {
      id: destroyed!.id,
      networkId: w.network.id,
      type: destroyed!.type,
      actorId: null,
      subject: { type: 'appointment', id: series.id },
      context: null,
      changes: destroyed!.changes,
      createdAt: new Date(),
    };
    expect(await source.changedBy['appointment.destroyed']!(event)).toEqual([series.id, modified.id]);
  });
});

describe('GET /search.json: appointments', () => {
  it('finds "Häuser streichen" by "Haus" in a German network', async () => {
    await create(w.author.session, [w.authorCalendar], {
      name: 'Häuser streichen',
    });
    expect(await search(w.author, 'Haus')).toEqual({ total: 1, names: ['Häuser streichen'] });
  });

  it("never finds another member's personal appointment, until its calendar is shared", async () => {
    await create(w.author.session, [w.authorCalendar], { name: 'Zahnarzttermin' });
    expect(await search(w.other, 'Zahnarzttermin')).toEqual({ total: 0, names: [] });
    const shared = await t.app.inject({
      method: 'PUT',
      url: `/calendars/${w.authorCalendar}`,
      headers: w.author.session.headers,
      payload: {
        calendar: {
          name: 'Mine',
          color: '1971c2',
          type: 'personal',
          membership_ids: [w.other.membership.id],
        },
      },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await search(w.other, 'Zahnarzttermin')).toEqual({ total: 1, names: ['Zahnarzttermin'] });
  });

  it('no longer finds a deleted series nor its changed occurrences once the processor ran', async () => {
    expect(await search(w.author, 'standup')).toEqual({ total: 0, names: [] });
  });

  it("leaves no document of a deleted calendar's appointments behind", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/calendars',
      headers: w.author.session.headers,
      payload: { calendar: { name: 'Watt', color: '2f9e44', type: 'personal' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const calendar = made.json<{ id: string }>().id;
    const only = await create(w.author.session, [calendar], { name: 'Wattwanderung' });
    const both = await create(w.author.session, [calendar, w.authorCalendar], { name: 'Deichlauf' });
    expect(await search(w.author, 'Deichlauf')).toEqual({ total: 1, names: ['Deichlauf'] });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/calendars/${calendar}`,
      headers: w.author.session.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await t.services.events.settled();
    const rows = await t.database.db
      .select({ id: searchDocuments.documentId, access: searchDocuments.access })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.module, 'appointments'), inArray(searchDocuments.documentId, [only.id, both.id])));
    expect(rows).toEqual([{ id: both.id, access: [`appointments:calendar:${w.authorCalendar}`] }]);
    expect(await search(w.author, 'Deichlauf')).toEqual({ total: 1, names: ['Deichlauf'] });
  });

  it("finds a hidden group's appointment for its members only", async () => {
    await create(w.author.session, [hidden.calendar], { name: 'Klausurtagung' });
    expect(await search(w.other, 'Klausurtagung')).toEqual({ total: 0, names: [] });
    expect(await search(w.external, 'Klausurtagung')).toEqual({ total: 0, names: [] });
    expect(await search(w.author, 'Klausurtagung')).toEqual({ total: 1, names: ['Klausurtagung'] });
  });
});

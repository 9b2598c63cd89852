import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, StoredItem } from '@agora/contracts';
import { uploadFile } from '../../platform/storage/upload-test-support.ts';
import type { Session } from '../../testing/index.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  personalCalendar,
  type TestApp,
} from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

async function upload(session: Session, directory: 'files' | 'images', name: string, content: Buffer | string) {
  const response = await uploadFile(t.app, session.headers, directory, name, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoredItem>();
}

/** The state of a live (volatile or published) upload; undefined once removed. */
async function stateOf(id: string): Promise<string | undefined> {
  const [row] = await t.services.storage.readableMany(w.author.actor, [id]);
  return row?.state;
}

describe('event files and image', () => {
  it('attaches uploads, shows them with links, and replaces them on save', async () => {
    const { calendar } = await groupWithCalendar(t.services, w.network.id, { members: [w.author, w.other] });
    const agenda = await upload(w.author.session, 'files', 'Agenda 2026.pdf', '%PDF-1.4 agenda');
    const notes = await upload(w.author.session, 'files', 'notes.txt', 'some notes');
    const image = await upload(w.author.session, 'images', 'poster.png', png);
    const response = await api.create(
      w.author.session,
      appointmentBody([calendar], { event_file_ids: [agenda.id, notes.id], event_image_id: image.id }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const appointment = response.json<Appointment>();
    expect(appointment.event_files.map((f) => [f.name, f.url, f.can.lock])).toEqual([
      ['Agenda 2026.pdf', `/api/storage/files/${agenda.id}/get/Agenda%202026.pdf`, true],
      ['notes.txt', `/api/storage/files/${notes.id}/get/notes.txt`, true],
    ]);
    expect(appointment.event_files[0]).toMatchObject({ extension: 'pdf', size: 15, locked_until: null });
    expect(appointment.event_image).toEqual({
      id: image.id,
      large_thumb: `/api/storage/images/${image.id}/get/1920x1200`,
    });

    // A reader of the group calendar downloads the files, but may not lock them.
    const seen = (await api.get(w.other.session, appointment.id)).json<Appointment>();
    expect(seen.event_files.map((f) => f.can.lock)).toEqual([false, false]);
    const file = await t.app.inject({ url: seen.event_files[1]!.url, headers: w.other.session.headers });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('some notes');
    const thumb = await t.app.inject({ url: seen.event_image!.large_thumb, headers: w.other.session.headers });
    expect(thumb.statusCode).toBe(200);
    // Who cannot read the appointment cannot read its files.
    expect(
      (await t.app.inject({ url: seen.event_files[1]!.url, headers: w.external.session.headers })).statusCode,
    ).toBe(404);
    const lock = (session: Session) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/storage/files/${notes.id}/lock`,
        headers: session.headers,
        payload: { locked_until: 'default' },
      });
    expect((await lock(w.other.session)).statusCode).toBe(403);
    expect((await lock(w.author.session)).statusCode).toBe(200);

    // Saved with one file dropped, one added and no image: the dropped ones are removed.
    const minutes = await upload(w.author.session, 'files', 'minutes.txt', 'the minutes');
    const updated = await api.update(
      w.author.session,
      appointment.id,
      appointmentBody([calendar], { event_file_ids: [notes.id, minutes.id], event_image_id: null }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<Appointment>();
    expect(after.event_files.map((f) => f.name)).toEqual(['notes.txt', 'minutes.txt']);
    expect(after.event_image).toBeNull();
    const owned = (await t.services.storage.owned(w.network.id, 'appointment', [appointment.id])).get(appointment.id);
    expect(owned?.map((r) => r.id)).toEqual([notes.id, minutes.id]);
    expect(await stateOf(agenda.id)).toBeUndefined();
    expect(await stateOf(image.id)).toBeUndefined();
    expect(
      (await t.app.inject({ url: `/api/storage/files/${agenda.id}/get/x`, headers: w.author.session.headers }))
        .statusCode,
    ).toBe(404);

    // Deleting the appointment removes its files.
    expect((await api.destroy(w.author.session, appointment.id)).statusCode).toBe(204);
    expect((await t.app.inject({ url: after.event_files[0]!.url, headers: w.author.session.headers })).statusCode).toBe(
      404,
    );
  });

  it('refuses uploads that are not the member’s, or in the wrong directory, changing nothing', async () => {
    const theirs = await upload(w.other.session, 'files', 'theirs.txt', 'not yours');
    const picture = await upload(w.author.session, 'images', 'picture.png', png);
    const before = (await api.month(w.author.session, { date: '2026-12-01' })).appointments.length;
    const foreign = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { event_file_ids: [theirs.id] }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({ errors: { event_file_ids: ['invalid'] } });
    const asFile = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { event_file_ids: [picture.id] }),
    );
    expect(asFile.json()).toEqual({ errors: { event_file_ids: ['invalid'] } });
    const notAnImage = await upload(w.author.session, 'files', 'plain.txt', 'plain');
    const asImage = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { event_image_id: notAnImage.id }),
    );
    expect(asImage.json()).toEqual({ errors: { event_image_id: ['invalid'] } });
    // Nothing was saved by the refused requests.
    expect((await api.month(w.author.session, { date: '2026-12-01' })).appointments.length).toBe(before);
  });

  it('keeps files with the series: occurrences show them, a change made on one occurrence changes the series', async () => {
    const first = await upload(w.author.session, 'files', 'first.txt', 'first');
    const series = (
      await api.create(
        w.author.session,
        appointmentBody([w.authorCalendar], {
          event_file_ids: [first.id],
          recurrence_pattern: { recurrence_frequency: 'weekly' },
        }),
      )
    ).json<Appointment>();
    const occurrence = `r-${series.id}-20261208T1000`;
    expect((await api.get(w.author.session, occurrence)).json<Appointment>().event_files.map((f) => f.name)).toEqual([
      'first.txt',
    ]);
    const second = await upload(w.author.session, 'files', 'second.txt', 'second');
    const saved = await api.update(
      w.author.session,
      occurrence,
      appointmentBody(
        [w.authorCalendar],
        {
          name: 'Changed once',
          date: { start: '2026-12-08T10:00', end: '2026-12-08T11:00' },
          event_file_ids: [first.id, second.id],
        },
        'this',
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Appointment>().event_files.map((f) => f.name)).toEqual(['first.txt', 'second.txt']);
    const ofSeries = (await api.get(w.author.session, series.id)).json<Appointment>();
    expect(ofSeries.event_files.map((f) => f.name)).toEqual(['first.txt', 'second.txt']);
  });
});

describe('deleting a calendar', () => {
  it('takes the appointments only in it along, keeps those in other calendars too', async () => {
    const doomed = await personalCalendar(t.services, w.network.id, w.author);
    const file = await upload(w.author.session, 'files', 'doomed.txt', 'doomed');
    const onlyThere = (
      await api.create(w.author.session, appointmentBody([doomed.id], { event_file_ids: [file.id] }))
    ).json<Appointment>();
    const alsoElsewhere = (
      await api.create(w.author.session, appointmentBody([doomed.id, w.authorCalendar]))
    ).json<Appointment>();
    const series = (
      await api.create(
        w.author.session,
        appointmentBody([w.authorCalendar], { recurrence_pattern: { recurrence_frequency: 'daily' } }),
      )
    ).json<Appointment>();
    const occurrence = `r-${series.id}-20261203T1000`;
    await api.update(
      w.author.session,
      occurrence,
      appointmentBody([doomed.id], { date: { start: '2026-12-03T10:00', end: '2026-12-03T11:00' } }, 'this'),
    );

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/calendars/${doomed.id}`,
      headers: w.author.session.headers,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);

    expect((await api.get(w.author.session, onlyThere.id)).statusCode).toBe(404);
    expect(await stateOf(file.id)).toBeUndefined();
    const kept = (await api.get(w.author.session, alsoElsewhere.id)).json<Appointment>();
    expect(kept.calendar_ids).toEqual([w.authorCalendar]);
    // The occurrence that lived only in that calendar is gone from its series; the series stays.
    expect((await api.get(w.author.session, occurrence)).statusCode).toBe(404);
    expect((await api.get(w.author.session, series.id)).statusCode).toBe(200);
    expect((await api.get(w.author.session, `r-${series.id}-20261204T1000`)).statusCode).toBe(200);
  });
});

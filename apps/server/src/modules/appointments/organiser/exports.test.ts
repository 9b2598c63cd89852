import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { createMember } from '../../../testing/index.ts';
import { appointmentsWorld, createTestApp, member, type TestApp } from '../test-support.ts';
import { fileSlug } from './exports.ts';
import { organiserApi } from '../organiser-test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof organiserApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = organiserApi(t);
});
afterAll(() => t.close());

let roles = 0;

/** An appointment with participants of every kind: accepted through a role, declined, invited, external, consumer. */
async function withParticipants() {
  const appointment = await api.created(w.admin.session, [w.networkCalendar], { name: 'Sommerfest "Süd", 2026' });
  const roleName = `First aider ${++roles}`;
  const [role] = await t.services.membershipRoles.create(w.network.id, [
    { name: roleName, pluralName: 'First aiders' },
  ]);
  const helper = await member(t, w.network.id, { firstName: 'Hanna', lastName: 'Helfer' });
  const declined = await member(t, w.network.id, { firstName: 'Dieter', lastName: 'Absage' });
  const guest = await member(t, w.network.id, { firstName: 'Gabi', lastName: 'Gast', external: true });
  const consumer = await createMember(t.services, w.network.id, {
    consumer: true,
    firstName: 'Karl',
    lastName: 'Kontakt',
  });
  await t.services.membershipRoles.assign(w.network.id, [{ roleId: role!.id, membershipId: helper.membership.id }]);
  const added = await t.app.inject({
    method: 'POST',
    url: `/appointments/${appointment.id}/participants`,
    headers: w.admin.session.headers,
    payload: { participant: { membership_role_ids: [role!.id], status: 'accepted' } },
  });
  expect(added.statusCode, added.body).toBe(201);
  await api.invite(w.admin.session, appointment.id, [declined.membership.id, guest.membership.id]);
  expect((await api.respond(declined.session, appointment.id, 'declined')).statusCode).toBe(200);
  const consumers = await t.app.inject({
    method: 'POST',
    url: `/appointments/${appointment.id}/participants`,
    headers: w.admin.session.headers,
    payload: { participant: { membership_ids: [consumer.membership.id], invite_consumers: true } },
  });
  expect(consumers.statusCode, consumers.body).toBe(201);
  const emails = await t.services.accounts.mailAddresses(w.network.id, [
    w.admin.membership.id,
    helper.membership.id,
    declined.membership.id,
    guest.membership.id,
    consumer.membership.id,
  ]);
  const email = (id: string) => emails.get(id)!.email;
  const admin = w.admin.membership;
  // The participants list's order: accepted, declined, invited; then by last and first name.
  const expected = [
    ['Helfer', 'Hanna', email(helper.membership.id), 'Accepted', roleName, 'No', 'No'],
    [admin.lastName, admin.firstName, email(admin.id), 'Accepted', 'Organizer', 'No', 'No'],
    ['Absage', 'Dieter', email(declined.membership.id), 'Declined', '', 'No', 'No'],
    ['Gast', 'Gabi', email(guest.membership.id), 'Invited', '', 'Yes', 'No'],
    ['Kontakt', 'Karl', email(consumer.membership.id), 'Invited', '', 'No', 'Yes'],
  ];
  return { appointment, expected };
}

const HEADER = ['Last name', 'First name', 'E-mail', 'Status', 'Roles', 'External', 'Contact without sign-in'];

describe('GET /appointments/{id}/attendees.csv and .xlsx', () => {
  it('walks the ladder: 401, 404 unreadable, 403, 200', async () => {
    const { appointment } = await withParticipants();
    expect((await api.attendees(null, appointment.id, 'csv')).statusCode).toBe(401);
    expect((await api.attendees(w.external.session, appointment.id, 'csv')).statusCode).toBe(404);
    expect((await api.attendees(w.author.session, appointment.id, 'xlsx')).statusCode).toBe(403);
    expect((await api.attendees(w.admin.session, appointment.id, 'csv')).statusCode).toBe(200);
    const detail = (await api.get(w.admin.session, appointment.id)).json<Appointment>();
    expect(detail.can.download_attendees).toBe(true);
  });

  it('writes a CSV with a byte order mark, CRLF and the participants in list order', async () => {
    const { appointment, expected } = await withParticipants();
    const response = await api.attendees(w.admin.session, appointment.id, 'csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="attendees-sommerfest-sued-2026.csv"; filename*=UTF-8''attendees-sommerfest-sued-2026.csv`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows).toEqual([HEADER, ...expected]);
  });

  it('writes an XLSX sheet "Participants" with a bold header, widths and a filter', async () => {
    const { appointment, expected } = await withParticipants();
    const response = await api.attendees(w.admin.session, appointment.id, 'xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('attendees-sommerfest-sued-2026.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Participants']);
    const sheet = workbook.getWorksheet('Participants')!;
    // Rows and cells count from 1, and empty cells are holes: read them as empty strings.
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => Array.from(row as unknown[], (v) => v ?? '').slice(1));
    expect(values).toEqual([HEADER, ...expected]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(36);
    expect(sheet.autoFilter).toBeTruthy();
  });

  it('speaks the requester’s language', async () => {
    const { appointment } = await withParticipants();
    const response = await t.app.inject({
      url: `/appointments/${appointment.id}/attendees.csv`,
      headers: w.admin.session.headers,
    });
    // The network speaks English; a German administrator gets German columns.
    await t.app.inject({
      method: 'PUT',
      url: `/members/${w.admin.membership.id}/locale_settings`,
      headers: w.admin.session.headers,
      payload: { locale_settings: { locale: 'de' } },
    });
    const german = await t.app.inject({
      url: `/appointments/${appointment.id}/attendees.csv`,
      headers: w.admin.session.headers,
    });
    const [header, first] = parse(german.rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(response.statusCode).toBe(200);
    expect(header).toEqual(['Nachname', 'Vorname', 'E-Mail', 'Status', 'Rollen', 'Extern', 'Kontakt ohne Anmeldung']);
    expect(first!.slice(3)).toEqual(['Zugesagt', expect.stringMatching(/^First aider/), 'Nein', 'Nein']);
  });

  it('names files by a slug of the appointment', () => {
    expect(fileSlug('Sommerfest "Süd", 2026')).toBe('sommerfest-sued-2026');
    expect(fileSlug('写真')).toBe('appointment');
    expect(fileSlug('Crème brûlée!')).toBe('creme-brulee');
  });
});

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Calendar } from '@agora/contracts';
import { createNetwork } from '../../testing/index.ts';
import { htmlToText } from './ics/html-text.ts';
import { appointmentBody, appointmentsApi, createTestApp, member, type Member, type TestApp } from './test-support.ts';

// What members write comes back unchanged from the .ics download and the calendar feed, read
// by ical.js as a calendar client would, and never adds an event or a property of its own:
// line breaks of every kind, the characters TEXT escapes, lines that look like iCalendar, and
// text of other scripts whose UTF-8 folding must not split a character. iCalendar has one
// line break (`\n` in TEXT): CRLF and CR come back as LF.

const FORGED = 'END:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged@evil.example\r\nSUMMARY:Forged\r\nDTSTART:20261201T090000Z';
const HOSTILE = [
  `Meeting\r\n${FORGED}\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:tail`,
  'Line feed\nBEGIN:VEVENT\nUID:forged-lf@evil.example\nEND:VEVENT\nX-WR-CALNAME:Forged',
  'Carriage return\rBEGIN:VEVENT\rUID:forged-cr@evil.example\rEND:VEVENT',
  'Semi; comma, back\\slash \\n \\; \\, colon: "quote" ^caret^n ^\' tab\there',
  'Ελληνικά: Συνάντηση ομάδας · 日本語: チーム会議の予定について · emoji 👩‍👩‍👧‍👦🎉🗓️ and more text',
  `${'x'.repeat(73)}\\;日本${'é'.repeat(40)}\r\n${'😀'.repeat(30)}`,
];
const CALENDAR_NAME = `Team\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nX-WR-CALNAME:Forged; a, b \\ 日本語 🎉`;
const NETWORK_NAME = 'Network\nBEGIN:VEVENT\nSUMMARY:Forged\nEND:VEVENT';

/** The text with its line breaks as iCalendar gives them back. */
const lf = (text: string) => text.replace(/\r\n?/g, '\n');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let t: TestApp;
let author: Member;
let calendar: Calendar;
let created: Appointment[];
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const network = await createNetwork(t.services, { name: NETWORK_NAME });
  author = await member(t, network.id);
  const response = await t.app.inject({
    method: 'POST',
    url: '/calendars',
    headers: author.session.headers,
    payload: { calendar: { name: CALENDAR_NAME, color: '2f9e44', type: 'personal' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  calendar = response.json<Calendar>();
  expect(calendar.name).toBe(CALENDAR_NAME);

  const api = appointmentsApi(t);
  created = [];
  for (const [i, text] of HOSTILE.entries()) {
    const body = appointmentBody([calendar.id], {
      name: text,
      // Paragraphs and <br> become line breaks of the plain-text DESCRIPTION.
      description: `<p>${escapeHtml(text).replace(/\r\n?|\n/g, '<br>')}</p><p>second<br>${escapeHtml(FORGED.replace(/\r\n/g, ' '))}</p>`,
      location: { name: text, city: 'Zürich; Genève, 東京' },
      date: { start: `2026-12-0${i + 1}T10:00`, end: `2026-12-0${i + 1}T11:00` },
    });
    const answer = await api.create(author.session, body);
    expect(answer.statusCode, answer.body).toBe(201);
    const appointment = answer.json<Appointment>();
    expect(appointment.name).toBe(text);
    created.push(appointment);
  }
  const tokenResponse = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/authentication_token',
    headers: author.session.headers,
  });
  expect(tokenResponse.statusCode, tokenResponse.body).toBe(200);
  token = tokenResponse.json<{ authentication_token: string }>().authentication_token;
});
afterAll(() => t.close());

/** A property ical.js does not know (NAME, X-…) read as TEXT: ical.js leaves those as written. */
function textOf(component: ICAL.Component, name: string): string {
  return ICAL.design.icalendar.value.text!.fromICAL!(String(component.getFirstPropertyValue(name)));
}

/** The text is well-formed: CRLF after every line, none longer than 75 octets, nothing forged. */
function checkLines(text: string, events: number) {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.endsWith('\r\nEND:VCALENDAR')).toBe(true);
  const lines = text.split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  }
  // Unfolded, only the writer's own lines begin components.
  const unfolded = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(unfolded.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(events);
  expect(unfolded.filter((l) => l === 'END:VEVENT')).toHaveLength(events);
  expect(unfolded.filter((l) => l === 'BEGIN:VCALENDAR')).toHaveLength(1);
  expect(unfolded.filter((l) => l === 'END:VCALENDAR')).toHaveLength(1);
  expect(unfolded.filter((l) => /^(X-WR-CALNAME|NAME):/.test(l))).toHaveLength(2);
  expect(unfolded.filter((l) => l.startsWith('UID:'))).toHaveLength(events);
  expect(unfolded.filter((l) => /^(UID|SUMMARY|DTSTART):(forged|Forged|tail|2026)/.test(l))).toEqual([]);
}

/** What the member wrote, as the event shows it. */
function expectEvent(vevent: ICAL.Component, appointment: Appointment) {
  const event = new ICAL.Event(vevent);
  expect(event.summary).toBe(lf(appointment.name));
  expect(event.location).toBe(lf(`${appointment.name}, Zürich; Genève, 東京`));
  expect(event.description).toBe(lf(htmlToText(appointment.description)));
  expect(textOf(vevent, 'x-alt-desc')).toBe(lf(appointment.description));
  expect(event.startDate.toJSDate()).toEqual(new Date(appointment.date.start));
}

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return { root, vevents: root.getAllSubcomponents('vevent') };
}

describe('ICS round trip of what members write', () => {
  it('keeps names, places and descriptions in the calendar feed and adds no event', async () => {
    const response = await t.app.inject({ url: `/calendars/${calendar.id}/appointments.ics?auth_token=${token}` });
    expect(response.statusCode, response.body).toBe(200);
    checkLines(response.body, created.length);
    const { root, vevents } = parse(response.body);
    expect(vevents).toHaveLength(created.length);
    expect(textOf(root, 'x-wr-calname')).toBe(lf(`${NETWORK_NAME}: ${CALENDAR_NAME}`));
    expect(textOf(root, 'name')).toBe(lf(`${NETWORK_NAME}: ${CALENDAR_NAME}`));
    for (const appointment of created) {
      const vevent = vevents.find((v) => v.getFirstPropertyValue('uid') === `${appointment.id}@localhost`);
      expect(vevent, appointment.name).toBeDefined();
      expectEvent(vevent!, appointment);
    }
    // The description's lines stay lines: paragraphs and <br> as the member wrote them.
    const first = new ICAL.Event(
      vevents.find((v) => String(v.getFirstPropertyValue('uid')).startsWith(created[0]!.id))!,
    );
    expect(first.description).toBe(`${lf(HOSTILE[0]!)}\nsecond\n${FORGED.replace(/\r\n/g, ' ')}`);
  });

  it('keeps them in the download of one appointment, named after it, with one event', async () => {
    for (const appointment of created) {
      const response = await t.app.inject({
        url: `/appointments/${appointment.id}.ics`,
        headers: { cookie: author.session.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
      checkLines(response.body, 1);
      const { root, vevents } = parse(response.body);
      expect(vevents).toHaveLength(1);
      expect(textOf(root, 'x-wr-calname')).toBe(lf(appointment.name));
      expect(textOf(root, 'name')).toBe(lf(appointment.name));
      expectEvent(vevents[0]!, appointment);
    }
  });

  it('keeps them in the feeds of all calendars', async () => {
    const response = await t.app.inject({ url: `/calendars/all/appointments.ics?auth_token=${token}` });
    expect(response.statusCode, response.body).toBe(200);
    checkLines(response.body, created.length);
    const { root, vevents } = parse(response.body);
    expect(textOf(root, 'x-wr-calname')).toBe(lf(`${NETWORK_NAME}: All calendars`));
    expect(vevents.map((v) => new ICAL.Event(v).summary).sort()).toEqual(created.map((a) => lf(a.name)).sort());
  });
});

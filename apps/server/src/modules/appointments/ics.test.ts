import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCalendar, type IcsEvent } from './ics.ts';
import { foldLines } from './ics/fold.ts';
import { htmlToText } from './ics/html-text.ts';
import { formatInZone, localDate, occurrencesBetween, toRRule, zonedInstant, type SeriesRule } from './recurrence.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const CREATED = new Date('2026-01-02T03:04:05Z');

function event(overrides: Partial<IcsEvent> & Pick<IcsEvent, 'start'>): IcsEvent {
  return {
    uid: 'a1@agora.example',
    name: 'Team meeting',
    descriptionHtml: '',
    end: null,
    allDay: false,
    timeZone: BERLIN,
    rrule: null,
    exdates: [],
    recurrenceId: null,
    location: null,
    url: null,
    canceled: false,
    created: CREATED,
    updated: CREATED,
    ...overrides,
  };
}

/** Parses a feed as a client would: its VTIMEZONEs registered, its events read. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id')).map((v) => new ICAL.Event(v));
  return { calendar, zones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))), vevents, masters };
}

afterEach(() => ICAL.TimezoneService.reset());

/** A property ical.js does not know (NAME, X-…) as TEXT: ical.js leaves those as written. */
function textOf(component: ICAL.Component, name: string): string {
  return ICAL.design.icalendar.value.text!.fromICAL!(String(component.getFirstPropertyValue(name)));
}

/** The occurrences ical.js expands, as [start, end] instants, up to `to`. */
function expand(master: ICAL.Event, to: Date): Array<{ start: Date; end: Date | null; summary: string }> {
  const iterator = master.iterator();
  const found: Array<{ start: Date; end: Date | null; summary: string }> = [];
  for (let next = iterator.next(); next && next.toJSDate() < to; next = iterator.next()) {
    const details = master.getOccurrenceDetails(next);
    found.push({
      start: details.startDate.toJSDate(),
      end: details.endDate?.toJSDate() ?? null,
      summary: details.item.summary,
    });
  }
  return found;
}

function rule(start: string, overrides: Partial<SeriesRule> = {}, minutes = 60): SeriesRule {
  const timeZone = overrides.timeZone ?? BERLIN;
  const startAt = zonedInstant(start, timeZone);
  return {
    start: startAt,
    end: new Date(startAt.getTime() + minutes * 60_000),
    allDay: false,
    timeZone,
    frequency: 'weekly',
    interval: 1,
    unit: 'daily',
    until: null,
    ...overrides,
  };
}

function seriesEvent(r: SeriesRule, extra: Partial<IcsEvent> = {}): IcsEvent {
  return event({ start: r.start, end: r.end, allDay: r.allDay, timeZone: r.timeZone, rrule: toRRule(r), ...extra });
}

describe('buildCalendar: single events', () => {
  it('writes a timed event with TZID and a VTIMEZONE that a parser reads back', () => {
    const start = zonedInstant('2026-11-24T10:00', BERLIN);
    const end = zonedInstant('2026-11-24T11:30', BERLIN);
    const text = buildCalendar({
      name: 'Agora',
      prodHost: 'agora.example',
      events: [
        event({
          start,
          end,
          location: 'Room 1, Main St. 5',
          url: 'https://agora.example/appointments/a1',
          organizer: { name: 'Anna Adler', email: 'anna@example.com' },
        }),
      ],
    });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('PRODID:-//agora.example//Agora//EN');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261124T100000');
    expect(text).toContain('DTSTAMP:20260102T030405Z');
    const { zones, masters } = parse(text);
    expect(zones).toEqual([BERLIN]);
    const [parsed] = masters;
    expect(parsed!.uid).toBe('a1@agora.example');
    expect(parsed!.summary).toBe('Team meeting');
    expect(parsed!.startDate.zone?.tzid).toBe(BERLIN);
    expect(parsed!.startDate.toJSDate()).toEqual(start);
    expect(parsed!.endDate.toJSDate()).toEqual(end);
    expect(parsed!.location).toBe('Room 1, Main St. 5');
    expect(parsed!.organizer).toBe('mailto:anna@example.com');
    expect(parsed!.component.getFirstPropertyValue('url')).toBe('https://agora.example/appointments/a1');
    expect(parsed!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('escapes commas, semicolons, backslashes and newlines', () => {
    const name = 'Plan; review, and\\or\nwrap up';
    const text = buildCalendar({
      name: 'A, B; C',
      prodHost: 'agora.example',
      events: [event({ start: new Date('2026-05-01T08:00:00Z'), name, location: 'Hall 1; floor 2, left' })],
    });
    expect(text).toContain('SUMMARY:Plan\\; review\\, and\\\\or\\nwrap up');
    expect(text).toContain('X-WR-CALNAME:A\\, B\\; C\r\n');
    const { calendar, masters } = parse(text);
    expect(textOf(calendar, 'x-wr-calname')).toBe('A, B; C');
    expect(textOf(calendar, 'name')).toBe('A, B; C');
    expect(masters[0]!.summary).toBe(name);
    expect(masters[0]!.location).toBe('Hall 1; floor 2, left');
  });

  it('quotes parameter values (RFC 6868) and leaves out control characters and lone surrogates', () => {
    const organizer = 'Anna "the boss"; Adler, ^n\r\nBEGIN:VEVENT:x';
    const text = buildCalendar({
      name: 'Bell\u0007 and\u0000 null\u001b',
      prodHost: 'agora.example',
      events: [
        event({
          start: new Date('2026-05-01T08:00:00Z'),
          name: 'Half \ud83d pair\u007f\ttab',
          organizer: { name: organizer, email: 'anna@example.com\r\nX-INJECTED:1' },
        }),
      ],
    });
    expect(text.replace(/\r\n /g, '')).toContain(
      `ORGANIZER;CN="Anna ^'the boss^'; Adler, ^^n^nBEGIN:VEVENT:x":mailto:anna@example.comX-INJECTED:1\r\n`,
    );
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { calendar, masters } = parse(text);
    expect(masters[0]!.component.getFirstProperty('organizer')!.getParameter('cn')).toBe(
      'Anna "the boss"; Adler, ^n\nBEGIN:VEVENT:x',
    );
    expect(masters[0]!.summary).toBe('Half \ufffd pair\ttab');
    expect(textOf(calendar, 'name')).toBe('Bell and null');
  });

  it('writes the description as plain text and as HTML', () => {
    const html =
      '<p>Hello <strong>all</strong>,</p><p>see <a href="https://x.org/?a=1&amp;b=2">the plan</a>.</p><ul><li>one</li><li>two</li></ul>';
    const { masters } = parse(
      buildCalendar({
        name: 'A',
        prodHost: 'agora.example',
        events: [event({ start: new Date('2026-05-01T08:00:00Z'), descriptionHtml: html })],
      }),
    );
    expect(masters[0]!.description).toBe('Hello all,\nsee the plan (https://x.org/?a=1&b=2).\n- one\n- two');
    expect(textOf(masters[0]!.component, 'x-alt-desc')).toBe(html);
  });

  it('marks canceled events and leaves out an organizer without address', () => {
    const text = buildCalendar({
      name: 'A',
      prodHost: 'agora.example',
      events: [event({ start: new Date('2026-05-01T08:00:00Z'), canceled: true, organizer: { name: 'Anna' } })],
    });
    const { masters } = parse(text);
    expect(masters[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(text).not.toContain('ORGANIZER');
  });

  it('writes all-day events as dates, DTEND the day after the last', () => {
    const start = zonedInstant('2026-05-01', BERLIN);
    const end = zonedInstant('2026-05-04', BERLIN); // Fri to Sun
    const text = buildCalendar({
      name: 'A',
      prodHost: 'agora.example',
      events: [
        event({ start, end, allDay: true }),
        event({
          uid: 'b@agora.example',
          start: zonedInstant('2026-12-24', NEW_YORK),
          allDay: true,
          timeZone: NEW_YORK,
        }),
      ],
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20260501');
    expect(text).toContain('DTEND;VALUE=DATE:20260504');
    const { masters } = parse(text);
    expect(masters[0]!.startDate.isDate).toBe(true);
    expect(masters[0]!.startDate.toString()).toBe('2026-05-01');
    expect(masters[0]!.endDate.toString()).toBe('2026-05-04');
    // Without an end, one day.
    expect(masters[1]!.startDate.toString()).toBe('2026-12-24');
    expect(masters[1]!.endDate.toString()).toBe('2026-12-25');
  });

  it('writes a VTIMEZONE for zones the package lacks: newer names and newer zones', () => {
    const kyiv = zonedInstant('2026-07-01T09:00', 'Europe/Kyiv');
    const juarez = zonedInstant('2026-07-01T09:00', 'America/Ciudad_Juarez');
    const juarezWinter = zonedInstant('2026-12-01T09:00', 'America/Ciudad_Juarez');
    const { zones, masters } = parse(
      buildCalendar({
        name: 'A',
        prodHost: 'agora.example',
        events: [
          event({ uid: 'k', start: kyiv, timeZone: 'Europe/Kyiv' }),
          event({ uid: 'j', start: juarez, timeZone: 'America/Ciudad_Juarez' }),
          event({ uid: 'w', start: juarezWinter, timeZone: 'America/Ciudad_Juarez' }),
        ],
      }),
    );
    expect(zones.sort()).toEqual(['America/Ciudad_Juarez', 'Europe/Kyiv']);
    expect(masters.map((m) => m.startDate.toJSDate())).toEqual([kyiv, juarez, juarezWinter]);
    expect(formatInZone(juarez, 'America/Ciudad_Juarez')).toBe('2026-07-01T09:00:00-06:00');
    expect(formatInZone(juarezWinter, 'America/Ciudad_Juarez')).toBe('2026-12-01T09:00:00-07:00');
  });
});

describe('buildCalendar: series', () => {
  const cases: Array<[string, SeriesRule]> = [
    [
      'weekly 10:00 Berlin over both DST changes',
      rule('2026-03-02T10:00', { until: zonedInstant('2026-12-31', BERLIN) }),
    ],
    ['weekly 10:00 New York, no end', rule('2026-02-02T10:00', { timeZone: NEW_YORK })],
    ['daily every 3 days', rule('2026-03-20T23:30', { frequency: 'custom', unit: 'daily', interval: 3 }, 90)],
    [
      'monthly on the 31st',
      rule('2026-01-31T18:00', { frequency: 'monthly', until: zonedInstant('2027-01-01', BERLIN) }),
    ],
    ['yearly on Feb 29', rule('2024-02-29T12:00', { frequency: 'yearly' })],
    [
      'every other week, begun years ago',
      rule('2019-06-03T08:15', { frequency: 'custom', unit: 'weekly', interval: 2 }),
    ],
  ];

  it.each(cases)('expands in ical.js as occurrencesBetween does: %s', (_label, r) => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2034-01-01T00:00:00Z');
    const { masters } = parse(buildCalendar({ name: 'A', prodHost: 'agora.example', events: [seriesEvent(r)] }));
    const theirs = expand(masters[0]!, to).filter((o) => o.start >= from);
    const ours = occurrencesBetween(r, from, to);
    expect(ours.length).toBeGreaterThanOrEqual(2);
    expect(theirs.map((o) => o.start.toISOString())).toEqual(ours.map((o) => o.start.toISOString()));
    expect(theirs.map((o) => o.end?.toISOString())).toEqual(ours.map((o) => o.end?.toISOString()));
  });

  it('leaves out deleted occurrences (EXDATE) and shows modified ones (RECURRENCE-ID)', () => {
    const r = rule('2026-03-16T10:00', { until: zonedInstant('2026-04-30', BERLIN) });
    const all = occurrencesBetween(r, r.start, new Date('2026-05-01T00:00:00Z'));
    const deleted = all[1]!; // 23 March
    const modified = all[3]!; // 6 April (summer time)
    const movedStart = zonedInstant('2026-04-07T15:00', BERLIN);
    const text = buildCalendar({
      name: 'A',
      prodHost: 'agora.example',
      events: [
        seriesEvent(r, { exdates: [deleted.start] }),
        event({
          name: 'Moved meeting',
          start: movedStart,
          end: new Date(movedStart.getTime() + 3_600_000),
          recurrenceId: modified.start,
        }),
      ],
    });
    expect(text).toContain('EXDATE;TZID=Europe/Berlin:20260323T100000');
    expect(text).toContain('RECURRENCE-ID:20260406T080000Z');
    const { masters, vevents } = parse(text);
    expect(vevents).toHaveLength(2);
    const theirs = expand(masters[0]!, new Date('2026-05-01T00:00:00Z'));
    const expected = all
      .filter((o) => o !== deleted)
      .map((o) =>
        o === modified ? { start: movedStart, summary: 'Moved meeting' } : { start: o.start, summary: 'Team meeting' },
      );
    expect(theirs.map((o) => ({ start: o.start, summary: o.summary }))).toEqual(expected);
  });

  it('writes all-day series with date UNTIL, EXDATE and RECURRENCE-ID', () => {
    const start = zonedInstant('2026-03-27', BERLIN);
    const r: SeriesRule = {
      start,
      end: zonedInstant('2026-03-28', BERLIN),
      allDay: true,
      timeZone: BERLIN,
      frequency: 'daily',
      interval: 1,
      unit: 'daily',
      until: zonedInstant('2026-04-02T23:59:59', BERLIN),
    };
    const all = occurrencesBetween(r, start, new Date('2026-05-01T00:00:00Z'));
    expect(all).toHaveLength(7);
    const text = buildCalendar({
      name: 'A',
      prodHost: 'agora.example',
      events: [
        seriesEvent(r, { exdates: [all[2]!.start] }),
        event({
          name: 'Moved day',
          allDay: true,
          start: zonedInstant('2026-04-10', BERLIN),
          end: zonedInstant('2026-04-11', BERLIN),
          recurrenceId: all[4]!.start,
        }),
      ],
    });
    expect(text).toContain('RRULE:FREQ=DAILY;UNTIL=20260402');
    expect(text).toContain('EXDATE;VALUE=DATE:20260329');
    expect(text).toContain('RECURRENCE-ID;VALUE=DATE:20260331');
    const { masters } = parse(text);
    const iterator = masters[0]!.iterator();
    const days: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = masters[0]!.getOccurrenceDetails(next);
      days.push(`${details.startDate.toString()} ${details.item.summary}`);
    }
    const expected = all
      .filter((_o, i) => i !== 2)
      .map((o, i) => (i === 3 ? '2026-04-10 Moved day' : `${localDate(o.start, BERLIN)} Team meeting`));
    expect(days).toEqual(expected);
  });
});

describe('a large feed', () => {
  it('stays parseable with thousands of events', () => {
    const events: IcsEvent[] = [];
    for (let i = 0; i < 2000; i++) {
      const start = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 * 7);
      events.push(
        event({
          uid: `e${i}@agora.example`,
          name: `Event ${i}, part ${i % 7}`,
          start,
          end: new Date(start.getTime() + 1_800_000),
        }),
      );
    }
    const { vevents } = parse(buildCalendar({ name: 'All', prodHost: 'agora.example', events }));
    expect(vevents).toHaveLength(2000);
  });
});

describe('htmlToText', () => {
  it('keeps line breaks and decodes entities', () => {
    expect(htmlToText('<p>a<br>b</p><p>c &amp; d &lt;e&gt; &#8364; &euro;&nbsp;x</p>')).toBe('a\nb\nc & d <e> € € x');
    expect(htmlToText('<h2>Title</h2><blockquote><p>quote</p></blockquote>')).toBe('Title\nquote');
    expect(htmlToText('<a href="https://x.org">https://x.org</a>')).toBe('https://x.org');
    expect(htmlToText('<a href="mailto:a@b.org">a@b.org</a>')).toBe('a@b.org');
    expect(htmlToText('')).toBe('');
  });

  it('writes lists, links, tables and every named entity as plain text', () => {
    expect(htmlToText('<p>Intro</p><ul><li>one</li><li>two <strong>bold</strong></li></ul><p>After</p>')).toBe(
      'Intro\n- one\n- two bold\nAfter',
    );
    expect(htmlToText('<ol><li>first</li><li>second</li></ol>')).toBe(' 1. first\n 2. second');
    expect(htmlToText('<p>See <a href="https://x.org/a?b=1&amp;c=2">the agenda</a>.</p>')).toBe(
      'See the agenda (https://x.org/a?b=1&c=2).',
    );
    expect(htmlToText('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>')).toBe(
      'a   b\nc   d',
    );
    expect(htmlToText('<p>&hearts; &Eacute;t&eacute; &frac12;</p>')).toBe('♥ Été ½');
  });
});

describe('foldLines', () => {
  it('keeps lines at 75 octets and never splits a character', () => {
    const ascii = `DESCRIPTION:${'a'.repeat(200)}`;
    const umlauts = `SUMMARY:${'ä€😀'.repeat(40)}`;
    for (const line of [ascii, umlauts]) {
      const folded = foldLines(line);
      const parts = folded.split('\r\n');
      for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
      expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
      expect(folded).not.toContain('\uFFFD');
    }
    expect(foldLines('SHORT:line\r\nB:x')).toBe('SHORT:line\r\nB:x');
  });
});

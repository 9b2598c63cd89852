import { foldLines } from './ics/fold.ts';
import { htmlToText } from './ics/html-text.ts';
import { icsParam, icsRaw, icsText } from './ics/text.ts';
import { vtimezoneComponent } from './ics/vtimezone.ts';
import { assertZone, formatLocalKey, toLocal } from './recurrence/index.ts';

// The iCalendar (RFC 5545) text of appointments, for the .ics downloads and webcal feeds,
// written here line by line:
// - every value built from what members wrote (calendar and appointment names, descriptions,
//   places, people's names) goes through ics/text.ts, calendar-level properties included: a
//   line break in a name never starts a property or an event of its own;
// - timed values carry the TZID of the appointment's zone, with a VTIMEZONE per zone from
//   ics/vtimezone.ts;
// - all-day values are dates (VALUE=DATE) of the appointment's zone without TZID;
// - a series is its RRULE with EXDATEs for deleted occurrences;
// - RECURRENCE-ID is the original start in UTC (or the original date for all-day series): a
//   modified occurrence may have been moved to another zone than its series, and UTC is what
//   every client, ical.js included, matches whatever the series' zone;
// - lines are folded at 75 octets by ics/fold.ts, never inside a UTF-8 character.

export type IcsEvent = {
  /** Stable: `${appointmentId}@${host}`; occurrences of a series share the series uid. */
  uid: string;
  name: string;
  /** Sanitized HTML; DESCRIPTION gets its plain text, X-ALT-DESC the HTML. */
  descriptionHtml: string;
  start: Date;
  end: Date | null;
  allDay: boolean;
  timeZone: string;
  /** From toRRule. */
  rrule: string | null;
  /** Deleted occurrences (their original starts). */
  exdates: Date[];
  /** For a modified occurrence: its original start (same uid as its series). */
  recurrenceId: Date | null;
  location: string | null;
  /** Link to /appointments/{id} on the site. */
  url: string | null;
  /** STATUS:CANCELLED. */
  canceled: boolean;
  created: Date;
  updated: Date;
  organizer?: { name: string; email?: string } | null;
};

/** Feeds are read again by clients now and then; they may check hourly. */
const REFRESH = 'PT1H';

/** The whole VCALENDAR text of the events. */
export function buildCalendar(input: { name: string; events: Iterable<IcsEvent>; prodHost: string }): string {
  // No zone of the calendar's own (X-WR-TIMEZONE): every timed value names its zone.
  const head =
    'BEGIN:VCALENDAR\r\n' +
    'VERSION:2.0\r\n' +
    `PRODID:-//${icsText(input.prodHost)}//Agora//EN\r\n` +
    `NAME:${icsText(input.name)}\r\n` +
    `X-WR-CALNAME:${icsText(input.name)}\r\n` +
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}\r\n` +
    `X-PUBLISHED-TTL:${REFRESH}\r\n`;
  const zones = new Set<string>();
  const events: string[] = [];
  for (const event of input.events) {
    assertZone(event.timeZone);
    if (!event.allDay) zones.add(event.timeZone);
    events.push(eventText(event));
  }
  const timezones = [...zones].map((zone) => vtimezoneComponent(zone)).filter((c): c is string => !!c);
  const body = timezones.map((c) => c.replace(/\r?\n/g, '\r\n') + '\r\n').join('') + events.join('');
  return foldLines(head + body) + 'END:VCALENDAR';
}

function eventText(event: IcsEvent): string {
  const zone = event.timeZone;
  let text = 'BEGIN:VEVENT\r\n' + `UID:${icsText(event.uid)}\r\n` + 'SEQUENCE:0\r\n';
  // RFC 5545 3.8.7.2: without METHOD, DTSTAMP is the time of the last change.
  text += `DTSTAMP:${utcStamp(event.updated)}\r\n`;
  if (event.allDay) {
    const start = localDay(event.start, zone);
    // An all-day appointment without end is one day long; DTEND is the day after the last.
    const end = event.end ? localDay(event.end, zone) : start + DAY;
    text += `DTSTART;VALUE=DATE:${dayStamp(start)}\r\n` + `DTEND;VALUE=DATE:${dayStamp(end)}\r\n`;
    text += 'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE\r\nX-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE\r\n';
  } else {
    text += `DTSTART;TZID=${zone}:${localStamp(event.start, zone)}\r\n`;
    if (event.end) text += `DTEND;TZID=${zone}:${localStamp(event.end, zone)}\r\n`;
  }
  if (event.rrule) {
    text += `RRULE:${icsRaw(event.rrule)}\r\n`;
    if (event.exdates.length) {
      const dates = [...event.exdates].sort((a, b) => a.getTime() - b.getTime());
      text += event.allDay
        ? `EXDATE;VALUE=DATE:${dates.map((d) => dayStamp(localDay(d, zone))).join(',')}\r\n`
        : `EXDATE;TZID=${zone}:${dates.map((d) => localStamp(d, zone)).join(',')}\r\n`;
    }
  }
  if (event.recurrenceId) {
    text += event.allDay
      ? `RECURRENCE-ID;VALUE=DATE:${dayStamp(localDay(event.recurrenceId, zone))}\r\n`
      : `RECURRENCE-ID:${utcStamp(event.recurrenceId)}\r\n`;
  }
  text += `SUMMARY:${icsText(event.name)}\r\n`;
  if (event.location) text += `LOCATION:${icsText(event.location)}\r\n`;
  const plain = htmlToText(event.descriptionHtml);
  if (plain || event.descriptionHtml) text += `DESCRIPTION:${icsText(plain)}\r\n`;
  if (event.descriptionHtml) text += `X-ALT-DESC;FMTTYPE=text/html:${icsText(event.descriptionHtml)}\r\n`;
  // An organizer is a calendar address: without an e-mail there is none to write.
  if (event.organizer?.email) {
    const address = icsRaw(`mailto:${event.organizer.email}`);
    text += `ORGANIZER;CN=${icsParam(event.organizer.name)}:${address}\r\n`;
  }
  if (event.url) text += `URL;VALUE=URI:${icsRaw(event.url)}\r\n`;
  text += `STATUS:${event.canceled ? 'CANCELLED' : 'CONFIRMED'}\r\n`;
  text += `CREATED:${utcStamp(event.created)}\r\n` + `LAST-MODIFIED:${utcStamp(event.updated)}\r\n`;
  return text + 'END:VEVENT\r\n';
}

const DAY = 86_400_000;

/** The local date and time of the instant in the zone, as TZID values want it: 20261124T100000. */
function localStamp(instant: Date, zone: string): string {
  const local = toLocal(zone, instant.getTime());
  const seconds = Math.floor(local / 1000) - Math.floor(local / 60_000) * 60;
  return formatLocalKey(local) + String(seconds).padStart(2, '0');
}

/** The day of the instant in the zone, as its UTC midnight. */
function localDay(instant: Date, zone: string): number {
  const local = toLocal(zone, instant.getTime());
  return local - (((local % DAY) + DAY) % DAY);
}

/** A day (a UTC midnight) as a DATE value: 20261124. */
function dayStamp(midnight: number): string {
  return formatLocalKey(midnight).slice(0, 8);
}

function utcStamp(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';
}

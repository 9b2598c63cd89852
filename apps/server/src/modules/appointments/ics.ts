import { TZDate } from '@date-fns/tz';
import ical, { ICalEvent, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { foldLines } from './ics/fold.ts';
import { htmlToText } from './ics/html-text.ts';
import { vtimezoneComponent } from './ics/vtimezone.ts';
import { assertZone, formatLocalKey, toLocal } from './recurrence/index.ts';

// The iCalendar (RFC 5545) text of appointments, for the .ics downloads and webcal feeds.
// ical-generator writes the calendar's properties and each event (escaping included); the
// VTIMEZONEs come from ics/vtimezone.ts and the line folding from ics/fold.ts, because
// ical-generator's own folding allocates a TextEncoder per character (seconds for a feed of
// 5,000 events). Where ical-generator 10.2 cannot say what RFC 5545 wants, the properties are
// written here:
// - timed values are TZDate instances, because ical-generator reads a plain Date's wall clock
//   in the server's own zone;
// - all-day values are dates (VALUE=DATE) of the appointment's zone without TZID, handed over
//   as UTC midnights, which ical-generator writes as they are;
// - EXDATE goes beside the RRULE (ical-generator writes EXDATE only for rules given as objects,
//   whose UNTIL would be a date-time even for all-day series);
// - RECURRENCE-ID is the original start in UTC (or the original date for all-day series): a
//   modified occurrence may have been moved to another zone than its series, and UTC is what
//   every client, ical.js included, matches whatever the series' zone.

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
const REFRESH_SECONDS = 60 * 60;

/** The whole VCALENDAR text of the events. */
export function buildCalendar(input: { name: string; events: Iterable<IcsEvent>; prodHost: string }): string {
  // No zone of the calendar's own: its name would turn DTSTAMP into local time.
  const calendar = ical({
    name: input.name,
    prodId: { company: input.prodHost, product: 'Agora', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  const zones = new Set<string>();
  const events: string[] = [];
  for (const event of input.events) {
    const data = eventData(event);
    if (data.timezone) zones.add(data.timezone);
    events.push(new ICalEvent(data, calendar).toString());
  }
  // The calendar without events gives its properties; the components follow them.
  const head = calendar.toString().replace(/END:VCALENDAR$/, '');
  const timezones = [...zones].map((zone) => vtimezoneComponent(zone)).filter((c): c is string => !!c);
  const body = timezones.map((c) => c.replace(/\r?\n/g, '\r\n') + '\r\n').join('') + events.join('');
  return head + foldLines(body) + 'END:VCALENDAR';
}

function eventData(event: IcsEvent): ICalEventData {
  assertZone(event.timeZone);
  const zone = event.timeZone;
  const extra: [string, string][] = [];
  let start: Date;
  let end: Date | null;
  let timezone: string | null = null;
  if (event.allDay) {
    start = localDay(event.start, zone);
    // An all-day appointment without end is one day long; DTEND is the day after the last.
    end = event.end ? localDay(event.end, zone) : new Date(start.getTime() + 86_400_000);
  } else {
    timezone = zone;
    start = new TZDate(event.start.getTime(), zone);
    end = event.end ? new TZDate(event.end.getTime(), zone) : null;
  }
  const data: ICalEventData = {
    id: event.uid,
    summary: event.name,
    allDay: event.allDay,
    timezone,
    start,
    end,
    // RFC 5545 3.8.7.2: without METHOD, DTSTAMP is the time of the last change.
    stamp: event.updated,
    created: event.created,
    lastModified: event.updated,
    location: event.location || null,
    url: event.url,
    status: event.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    x: extra,
  };
  const plain = htmlToText(event.descriptionHtml);
  if (plain || event.descriptionHtml) data.description = { plain, html: event.descriptionHtml || undefined };
  // An organizer is a calendar address: without an e-mail there is none to write.
  if (event.organizer?.email) data.organizer = { name: event.organizer.name, email: event.organizer.email };

  if (event.rrule) {
    const lines = [`RRULE:${event.rrule}`];
    if (event.exdates.length) {
      const dates = [...event.exdates].sort((a, b) => a.getTime() - b.getTime());
      lines.push(
        event.allDay
          ? `EXDATE;VALUE=DATE:${dates.map((d) => localKey(d, zone).slice(0, 8)).join(',')}`
          : `EXDATE;TZID=${zone}:${dates.map((d) => `${localKey(d, zone)}00`).join(',')}`,
      );
    }
    data.repeating = lines.join('\r\n');
  }

  if (event.recurrenceId) {
    // Custom properties given as pairs are written as they are: the only way to a RECURRENCE-ID
    // of our own choosing (see the top of this file).
    extra.push(
      event.allDay
        ? ['RECURRENCE-ID;VALUE=DATE', localKey(event.recurrenceId, zone).slice(0, 8)]
        : ['RECURRENCE-ID', utcStamp(event.recurrenceId)],
    );
  }
  return data;
}

function localKey(instant: Date, zone: string): string {
  return formatLocalKey(toLocal(zone, instant.getTime()));
}

/** The day of the instant in the zone, as the UTC midnight ical-generator writes as a date. */
function localDay(instant: Date, zone: string): Date {
  const local = toLocal(zone, instant.getTime());
  return new Date(local - (((local % 86_400_000) + 86_400_000) % 86_400_000));
}

function utcStamp(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';
}

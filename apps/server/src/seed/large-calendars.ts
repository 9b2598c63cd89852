import { CALENDAR_PALETTE } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { SeedAppointment } from '../modules/appointments/index.ts';
import type { IcsEvent } from '../modules/appointments/ics.ts';
import { localDate, nextOccurrence, toRRule, zonedInstant } from '../modules/appointments/recurrence.ts';

// The calendars of the large benchmark network (bench/calendars.ts): 50 calendars with 20,000
// single appointments over two years back and one ahead, and 2,000 weekly or daily series
// begun up to two years ago, all in Europe/Berlin. Everything comes from a seeded generator
// relative to `now`, so that the benchmark can build the same series again without the
// database (for the recurrence rate) and two runs measure the same network.

export const LARGE_CALENDAR_ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

export type LargeCalendarOptions = {
  /** The network's members in seed order (seedLarge's memberIds); the first is an admin. */
  memberIds: string[];
  /** Index into memberIds of the member the benchmark signs in as (a normal member). */
  viewerIndex?: number;
  singles?: number;
  series?: number;
  now?: Date;
};

export type LargeCalendarsResult = {
  /** The 50 calendars holding the appointments. */
  calendarIds: string[];
  /** The 10 of them the viewer may read and selects in the month view. */
  selectedCalendarIds: string[];
  singles: number;
  series: number;
};

/** Numbers from a seed: the same sequence in every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return {
    /** An integer in [0, n). */
    int(n: number): number {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return Math.floor((state / 4294967296) * n);
    },
    chance(p: number): boolean {
      return this.int(1_000_000) < p * 1_000_000;
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the day `offset` days from `today` ('YYYY-MM-DD'). */
function dayFrom(today: string, offset: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
}

const at = (day: string, minutes: number) =>
  zonedInstant(`${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`, LARGE_CALENDAR_ZONE);

const TOPICS = [
  'Teammeeting',
  'Projektbesprechung',
  'Kundentermin',
  'Schulung',
  'Workshop',
  'Sprint-Review',
  'Abteilungsrunde',
  'Einarbeitung',
  'Betriebsversammlung',
  'Sommerfest',
  'Messe',
  'Klausur',
  'Jour fixe',
  'Mittagspause mit Vortrag',
  'Feedbackgespräch',
];
const ROOMS = ['Raum Spree', 'Raum Havel', 'Kantine', 'Aula', 'Konferenzraum 3', null, null, null];

type GeneratedAppointment = Omit<SeedAppointment, 'calendarIds' | 'authorId'>;

/** The single appointments: timed (70 %), all-day (15 %) and multi-day (15 %). */
export function generateLargeSingles(count: number, now = new Date()): GeneratedAppointment[] {
  const pick = generator(20_000);
  const today = localDate(now, LARGE_CALENDAR_ZONE);
  const rows: GeneratedAppointment[] = [];
  for (let i = 0; i < count; i++) {
    const day = dayFrom(today, pick.int(3 * 365) - 2 * 365);
    const kind = pick.int(100);
    const name = `${TOPICS[pick.int(TOPICS.length)]} ${i + 1}`;
    const room = ROOMS[pick.int(ROOMS.length)];
    const location = room ? { name: room, city: 'Berlin' } : undefined;
    if (kind < 70) {
      const start = (7 + pick.int(12)) * 60 + 15 * pick.int(4);
      rows.push({
        name,
        startsAt: at(day, start),
        endsAt: at(day, Math.min(start + 30 * (1 + pick.int(6)), 23 * 60 + 45)),
        timeZone: LARGE_CALENDAR_ZONE,
        location,
      });
    } else if (kind < 85) {
      rows.push({
        name,
        startsAt: at(day, 0),
        endsAt: at(dayFrom(day, 1), 0),
        allDay: true,
        timeZone: LARGE_CALENDAR_ZONE,
      });
    } else if (kind < 95) {
      rows.push({
        name,
        startsAt: at(day, 0),
        endsAt: at(dayFrom(day, 2 + pick.int(4)), 0),
        allDay: true,
        timeZone: LARGE_CALENDAR_ZONE,
        isEvent: true,
        location,
      });
    } else {
      rows.push({
        name,
        startsAt: at(day, 9 * 60),
        endsAt: at(dayFrom(day, 1 + pick.int(3)), 17 * 60),
        timeZone: LARGE_CALENDAR_ZONE,
        location,
      });
    }
  }
  return rows;
}

/**
 * The series: weekly (90 %) or daily (10 %), begun up to two years ago at office hours; a third
 * ends (some already ended, some in the coming months), the others go on without end.
 */
export function generateLargeSeries(count: number, now = new Date()): GeneratedAppointment[] {
  const pick = generator(2_000);
  const today = localDate(now, LARGE_CALENDAR_ZONE);
  const rows: GeneratedAppointment[] = [];
  for (let i = 0; i < count; i++) {
    const startDay = dayFrom(today, -pick.int(2 * 365));
    const start = (8 + pick.int(10)) * 60 + 15 * pick.int(4);
    const daily = pick.chance(0.1);
    const ends = pick.chance(1 / 3);
    const untilDay = dayFrom(startDay, 14 + pick.int(900));
    rows.push({
      name: `${daily ? 'Daily' : TOPICS[pick.int(TOPICS.length)]} (Serie ${i + 1})`,
      startsAt: at(startDay, start),
      endsAt: at(startDay, start + 15 * (1 + pick.int(6))),
      timeZone: LARGE_CALENDAR_ZONE,
      recurrence: {
        frequency: daily ? 'daily' : 'weekly',
        interval: 1,
        until: ends ? at(untilDay, 23 * 60 + 59) : null,
      },
    });
  }
  return rows;
}

/**
 * Seeds the 50 calendars and their appointments into a network made by seedLarge: the network
 * calendar and 4 more network calendars, the default calendars of the first 30 groups and 15
 * personal calendars (2 of the viewer's, 4 of others shared with the viewer; more of them when
 * the network has fewer groups). The viewer's
 * selection: 3 network, 3 open group, 2 own and 2 shared calendars.
 */
export async function seedLargeCalendars(
  services: Services,
  networkId: string,
  options: LargeCalendarOptions,
): Promise<LargeCalendarsResult> {
  const { memberIds } = options;
  const viewerIndex = options.viewerIndex ?? 1;
  const viewerId = memberIds[viewerIndex]!;
  const adminId = memberIds[0]!;
  const now = options.now ?? new Date();
  const color = (i: number) => CALENDAR_PALETTE[i % CALENDAR_PALETTE.length]!;

  const admin = (await services.members.findMany(networkId, [adminId]))[0];
  if (!admin) throw new Error(`No member ${adminId} in network ${networkId}`);
  const existing = await services.calendars.accessible(services.members.actorFor(admin, 'large-seed', null));
  const networkDefault = existing.find((c) => c.type === 'network' && c.isDefault);
  const groupDefaults = Array.from({ length: 30 }, (_, g) =>
    existing.find((c) => c.type === 'group' && c.isDefault && c.group?.slug === `group-${g}`),
  ).filter((c) => c !== undefined);
  if (!networkDefault || groupDefaults.length < 7) {
    throw new Error('seedLargeCalendars needs the default calendars of a network made by seedLarge');
  }

  const moreNetwork = await services.calendars.createMany(
    networkId,
    ['Schulungen', 'Veranstaltungen', 'Feiertage', 'IT-Wartung'].map((name, i) => ({
      type: 'network' as const,
      name,
      color: color(i + 1),
      authorId: adminId,
    })),
  );
  // Owners: the viewer (2), then other normal members (seedLarge makes every 50th external);
  // the first four of them share theirs with the viewer. A small network with fewer than 30
  // groups gets more personal calendars, so that there are 50 all the same.
  const others = memberIds.filter((_, i) => i > 0 && i !== viewerIndex && i % 50 !== 49);
  const personalCount = 50 - 1 - 4 - groupDefaults.length;
  const owners = [
    viewerId,
    viewerId,
    ...Array.from({ length: personalCount - 2 }, (_, k) => others[k % others.length]!),
  ];
  const personal = await services.calendars.createMany(
    networkId,
    owners.map((ownerId, i) => ({
      type: 'personal' as const,
      name: i < 2 ? ['Privat', 'Sport'][i]! : `Kalender ${i}`,
      color: color(i + 5),
      ownerId,
      authorId: ownerId,
      sharedWith: i >= 2 && i < 6 ? [viewerId] : [],
    })),
  );

  const calendars: Array<{ id: string; authorId: string }> = [
    { id: networkDefault.id, authorId: adminId },
    ...moreNetwork.map((c) => ({ id: c.id, authorId: adminId })),
    ...groupDefaults.map((c) => ({ id: c.id, authorId: adminId })),
    ...personal.map((c, i) => ({ id: c.id, authorId: owners[i]! })),
  ];
  // Groups 0, 3, 6 are open (seedLarge: access by g % 3), so every normal member reads them.
  const selectedCalendarIds = [
    networkDefault.id,
    moreNetwork[0]!.id,
    moreNetwork[1]!.id,
    groupDefaults[0]!.id,
    groupDefaults[3]!.id,
    groupDefaults[6]!.id,
    personal[0]!.id,
    personal[1]!.id,
    personal[2]!.id,
    personal[3]!.id,
  ];

  const place = generator(50);
  const assign = (row: GeneratedAppointment): SeedAppointment => {
    const first = calendars[place.int(calendars.length)]!;
    const second = place.chance(0.1) ? calendars[place.int(calendars.length)]! : null;
    return {
      ...row,
      calendarIds: second && second.id !== first.id ? [first.id, second.id] : [first.id],
      authorId: first.authorId,
    };
  };
  const singles = generateLargeSingles(options.singles ?? 20_000, now).map(assign);
  const series = generateLargeSeries(options.series ?? 2_000, now).map(assign);
  await services.appointments.insertMany(networkId, singles);
  await services.appointments.insertMany(networkId, series);
  return {
    calendarIds: calendars.map((c) => c.id),
    selectedCalendarIds,
    singles: singles.length,
    series: series.length,
  };
}

/**
 * `count` feed events made of the generated appointments, a fifth of them series (with an RRULE
 * and a deleted occurrence): the input of the benchmark's ICS figures.
 */
export function largeIcsEvents(count: number, now = new Date()): IcsEvent[] {
  const seriesCount = Math.floor(count / 5);
  const rows = [...generateLargeSingles(count - seriesCount, now), ...generateLargeSeries(seriesCount, now)];
  return rows.map((row, i) => {
    const recurrence = row.recurrence ?? null;
    const rule = recurrence && {
      start: row.startsAt,
      end: row.endsAt ?? null,
      allDay: row.allDay ?? false,
      timeZone: row.timeZone,
      frequency: recurrence.frequency,
      interval: recurrence.interval ?? 1,
      unit: recurrence.unit ?? 'daily',
      until: recurrence.until ?? null,
    };
    const id = (0x6540_0000 + i).toString(16).padStart(24, '0');
    return {
      uid: `${id}@bench.example`,
      name: row.name,
      descriptionHtml: `<p>${row.name}: Agenda, Protokoll &amp; Aufgaben.</p><p>Bitte <strong>pünktlich</strong> sein.</p>`,
      start: row.startsAt,
      end: row.endsAt ?? null,
      allDay: row.allDay ?? false,
      timeZone: row.timeZone,
      rrule: rule ? toRRule(rule) : null,
      exdates: rule ? [nextOccurrence(rule, row.startsAt)!.start] : [],
      recurrenceId: null,
      location: row.location?.name ?? null,
      url: `https://bench.example/appointments/${id}`,
      canceled: false,
      created: now,
      updated: now,
      organizer: { name: 'Anna Adler', email: 'anna@bench.example' },
    };
  });
}

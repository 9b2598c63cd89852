import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { CALENDAR_PALETTE, type Appointment, type AppointmentFieldsInput } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { MembershipRow } from '../modules/members/index.ts';

export const ZONE = 'Europe/Berlin';

type DemoContext = {
  network: { id: string };
  memberships: MembershipRow[];
  groups: Array<{ id: string; slug: string }>;
};

/** A wall-clock day (and time) in Berlin, `days` from today: what the form would send. */
export function day(days: number, time?: string): string {
  const date = format(addDays(new TZDate(Date.now(), ZONE), days), 'yyyy-MM-dd');
  return time ? `${date}T${time}` : date;
}

/** The weekday of the coming weeks (1 Monday ... 7 Sunday), `weeks` weeks from this one. */
function weekday(isoDay: number, weeks = 0): number {
  const today = Number(format(new TZDate(Date.now(), ZONE), 'i'));
  return isoDay - today + weeks * 7;
}

export type DemoCalendars = Awaited<ReturnType<typeof seedDemoCalendars>>;

/**
 * Calendars of every type and a spread of appointments over this month and the next ones:
 * single, all-day, multi-day and recurring, with locations, online meetings, registration and
 * costs, so that the overview, the detail and the feeds have something to show.
 */
export async function seedDemoCalendars(services: Services, { network, memberships, groups }: DemoContext) {
  const [anna, max, , lena] = memberships;
  // The admins of the Berlin and Hamburg groups (see GROUPS in demo.ts).
  const berlinAdmin = memberships[18];
  const hamburgAdmin = memberships[22];
  const actor = (m: MembershipRow) => services.members.actorFor(m, '', null);
  const annaActor = actor(anna!);

  const [personalAnna, personalMax] = await services.calendars.createMany(network.id, [
    { type: 'personal', name: 'Anna privat', color: CALENDAR_PALETTE[8], ownerId: anna!.id, authorId: anna!.id },
    {
      type: 'personal',
      name: 'Urlaube Max',
      color: CALENDAR_PALETTE[4],
      ownerId: max!.id,
      authorId: max!.id,
      sharedWith: [anna!.id, lena!.id],
    },
  ]);
  const [trainings] = await services.calendars.createMany(network.id, [
    { type: 'network', name: 'Schulungen', color: CALENDAR_PALETTE[5], authorId: anna!.id },
  ]);
  const calendars = await services.calendars.accessible(annaActor);
  const networkCalendar = calendars.find((c) => c.type === 'network' && c.isDefault)!;
  const groupCalendar = (slug: string) => {
    const group = groups.find((g) => g.slug === slug)!;
    return calendars.find((c) => c.type === 'group' && c.parentId === group.id)!;
  };
  const categories = await services.appointments.createCategories(network.id, [
    'Besprechung',
    'Schulung',
    'Veranstaltung',
    'Feiertag',
  ]);
  const category = (label: string) => categories.find((c) => c.label === label)!.id;

  const created = new Map<string, Appointment>();
  const create = async (who: MembershipRow, fields: AppointmentFieldsInput) => {
    const appointment = await services.appointments.create(actor(who), fields);
    created.set(appointment.name, appointment);
    return appointment;
  };
  const timed = (start: string, end: string | null) => ({ start, end, all_day: false, time_zone: ZONE });

  await create(anna!, {
    name: 'All-Hands-Meeting',
    description: '<p>Einmal im Monat: Neuigkeiten aus allen Teams, Zahlen und Fragen an die Geschäftsführung.</p>',
    calendar_ids: [networkCalendar.id],
    category_id: category('Besprechung'),
    date: timed(day(weekday(1, -8), '10:00'), day(weekday(1, -8), '11:00')),
    recurrence_pattern: { recurrence_frequency: 'monthly' },
    location: { name: 'Kantine', address1: 'Torstraße 120', zip: '10119', city: 'Berlin', country: 'Deutschland' },
    meeting: { join_url: 'https://meet.example.com/all-hands' },
    contact_ids: [anna!.id],
  });
  await create(anna!, {
    name: 'Sommerfest',
    description: '<p>Grillen, Musik und Spiele im Hof. Familie ist herzlich willkommen!</p>',
    calendar_ids: [networkCalendar.id, groupCalendar('berlin').id],
    category_id: category('Veranstaltung'),
    date: timed(day(24, '16:00'), day(24, '22:00')),
    location: { name: 'Innenhof Berlin', address1: 'Torstraße 120', zip: '10119', city: 'Berlin' },
    is_event: true,
    attendee_configuration: { total: 120, total_attendees_enforced: true },
    application_configuration: { registration_required: true, registration_deadline: day(20, '23:59') },
  });
  await create(anna!, {
    name: 'Betriebsversammlung',
    calendar_ids: [networkCalendar.id],
    category_id: category('Besprechung'),
    date: timed(day(9, '14:00'), day(9, '16:00')),
    location: { name: 'Großer Saal' },
  });
  await create(anna!, {
    name: 'Tag der Deutschen Einheit',
    calendar_ids: [networkCalendar.id],
    category_id: category('Feiertag'),
    date: { start: day(-40), end: null, all_day: true, time_zone: ZONE },
  });
  await create(anna!, {
    name: 'Erste-Hilfe-Kurs',
    description: '<p>Auffrischung für alle Ersthelfer:innen. Bitte bequeme Kleidung mitbringen.</p>',
    calendar_ids: [trainings!.id],
    category_id: category('Schulung'),
    date: timed(day(12, '09:00'), day(13, '16:00')),
    location: { name: 'Schulungsraum 2', address1: 'Torstraße 120', zip: '10119', city: 'Berlin' },
    is_event: true,
    attendee_configuration: { total: 12, total_attendees_enforced: true },
    application_configuration: {
      registration_required: true,
      registration_deadline: day(8, '23:59'),
      registration_with_costs: true,
      costs: 45,
      url: 'https://tickets.example.com/erste-hilfe',
    },
  });
  await create(anna!, {
    name: 'Datenschutz-Schulung (online)',
    calendar_ids: [trainings!.id],
    category_id: category('Schulung'),
    date: timed(day(5, '13:00'), day(5, '14:30')),
    meeting: {
      join_url: 'https://meet.example.com/datenschutz-2026',
      conference_call_phone_number: '+49 30 1234567',
      conference_call_access_code: '482 913',
    },
    location: { meeting_link_type: 'zoom' },
  });

  await create(max!, {
    name: 'Sprint Planning',
    description: '<p>Wir planen den nächsten Sprint. Bitte vorher das Board durchsehen.</p>',
    calendar_ids: [groupCalendar('engineering').id],
    category_id: category('Besprechung'),
    date: timed(day(weekday(1, -6), '09:30'), day(weekday(1, -6), '11:00')),
    recurrence_pattern: { recurrence_frequency: 'custom', recurrence_unit: 'weekly', recurrence_interval: 2 },
    meeting: { join_url: 'https://teams.example.com/l/meetup-join/sprint-planning' },
    location: { name: 'Raum Turing', meeting_link_type: 'ms_teams' },
    contact_ids: [max!.id],
  });
  await create(max!, {
    name: 'Stand-up',
    calendar_ids: [groupCalendar('engineering').id],
    date: timed(day(weekday(2, -3), '09:15'), day(weekday(2, -3), '09:30')),
    recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: day(70) },
    location: { name: 'Team-Ecke' },
  });
  await create(max!, {
    name: 'Architektur-Review',
    calendar_ids: [groupCalendar('engineering').id, groupCalendar('website-relaunch').id],
    date: timed(day(3, '15:00'), day(3, '16:30')),
    location: { name: 'Raum Lovelace' },
  });
  await create(max!, {
    name: 'Jour fixe Relaunch',
    calendar_ids: [groupCalendar('website-relaunch').id],
    date: timed(day(weekday(4, -2), '11:00'), day(weekday(4, -2), '11:45')),
    recurrence_pattern: { recurrence_frequency: 'weekly' },
    meeting: { join_url: 'https://meet.example.com/relaunch-jour-fixe' },
  });
  await create(max!, {
    name: 'Go-live Website',
    calendar_ids: [groupCalendar('website-relaunch').id],
    date: { start: day(38), end: day(38), all_day: true, time_zone: ZONE },
  });
  await create(max!, {
    name: 'Urlaub Max',
    calendar_ids: [personalMax!.id],
    date: { start: day(16), end: day(27), all_day: true, time_zone: ZONE },
  });

  await create(lena!, {
    name: 'Messe „Digital Workplace“',
    description: '<p>Wir sind mit einem Stand vertreten. Standdienst-Plan folgt.</p>',
    calendar_ids: [groupCalendar('marketing').id],
    category_id: category('Veranstaltung'),
    date: { start: day(30), end: day(32), all_day: true, time_zone: ZONE },
    location: {
      name: 'Messe Hamburg',
      address1: 'Messeplatz 1',
      zip: '20357',
      city: 'Hamburg',
      country: 'Deutschland',
    },
    is_event: true,
  });
  await create(lena!, {
    name: 'Kampagnen-Review',
    calendar_ids: [groupCalendar('marketing').id],
    date: timed(day(weekday(3, -4), '14:00'), day(weekday(3, -4), '15:00')),
    recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: day(90) },
  });
  await create(anna!, {
    name: 'Onboarding neue Kolleg:innen',
    calendar_ids: [groupCalendar('human-resources').id],
    date: timed(day(2, '09:00'), day(2, '12:00')),
    location: { name: 'Raum Hopper' },
  });
  await create(anna!, {
    name: 'Launch-Strategie (vertraulich)',
    calendar_ids: [groupCalendar('product-launch').id],
    date: timed(day(6, '10:00'), day(6, '12:00')),
  });
  await create(berlinAdmin!, {
    name: 'Team-Frühstück Berlin',
    calendar_ids: [groupCalendar('berlin').id],
    date: timed(day(weekday(5, -1), '08:30'), day(weekday(5, -1), '09:30')),
    recurrence_pattern: { recurrence_frequency: 'monthly' },
    location: { name: 'Küche 3. OG' },
  });
  await create(hamburgAdmin!, {
    name: 'Lauftreff',
    calendar_ids: [groupCalendar('hamburg').id],
    date: timed(day(weekday(2, 0), '18:00'), day(weekday(2, 0), '19:00')),
    recurrence_pattern: { recurrence_frequency: 'weekly' },
    location: { name: 'Alster, Treffpunkt Kennedybrücke', city: 'Hamburg' },
  });
  await create(anna!, {
    name: 'Zahnarzt',
    calendar_ids: [personalAnna!.id],
    date: timed(day(4, '08:00'), day(4, '09:00')),
  });
  await create(anna!, {
    name: 'Geburtstag Mama',
    calendar_ids: [personalAnna!.id],
    date: { start: day(-20), end: null, all_day: true, time_zone: ZONE },
    recurrence_pattern: { recurrence_frequency: 'yearly' },
  });
  return { created, networkCalendarId: networkCalendar.id, trainingsCalendarId: trainings!.id, category };
}

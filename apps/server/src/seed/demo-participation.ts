import type { Appointment, AppointmentFieldsInput, OwnParticipationStatus } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { MembershipRow } from '../modules/members/index.ts';
import { day, ZONE, type DemoCalendars } from './demo-calendars.ts';

type DemoContext = {
  network: { id: string };
  memberships: MembershipRow[];
  groups: Array<{ id: string; slug: string }>;
  roles: Array<{ id: string; name: string }>;
  calendars: DemoCalendars;
};

/**
 * Who takes part in the demo appointments, with invites in every state for the demo accounts
 * (open, accepted, declined, expired, obsolete), a fully booked course, holders of the
 * membership roles, and online meeting rooms with a booking.
 */
export async function seedDemoParticipation(services: Services, context: DemoContext) {
  const { network, memberships, groups, roles, calendars } = context;
  const [anna, max, gina, lena] = memberships;
  const actor = (m: MembershipRow) => services.members.actorFor(m, '', null);
  const appointment = (name: string): Appointment => {
    const found = calendars.created.get(name);
    if (!found) throw new Error(`No demo appointment ${name}`);
    return found;
  };
  const invite = async (
    by: MembershipRow,
    target: Appointment,
    body: {
      membership_ids?: string[];
      group_ids?: string[];
      membership_role_ids?: string[];
      status?: 'invited' | 'accepted' | 'declined';
    },
  ) => {
    const loaded = await services.appointments.load(actor(by), target.id);
    await services.appointments.addParticipants(actor(by), loaded, {
      participant: {
        membership_ids: body.membership_ids ?? [],
        group_ids: body.group_ids ?? [],
        membership_role_ids: body.membership_role_ids ?? [],
        status: body.status ?? 'invited',
        send_email_notification: false,
        invite_consumers: false,
      },
    });
  };
  const answer = async (who: MembershipRow, target: Appointment, status: OwnParticipationStatus) =>
    services.appointments.respond(
      actor(who),
      await services.appointments.load(actor(who), target.id),
      status,
      undefined,
    );
  const create = (who: MembershipRow, fields: AppointmentFieldsInput) =>
    services.appointments.create(actor(who), fields);
  const timed = (start: string, end: string) => ({ start, end, all_day: false, time_zone: ZONE });
  const role = (name: string) => roles.find((r) => r.name === name)!.id;
  const group = (slug: string) => groups.find((g) => g.slug === slug)!.id;
  const member = (i: number) => memberships[i]!;

  await services.membershipRoles.assign(network.id, [
    ...[0, 3, 14, 22].map((i) => ({ roleId: role('Betriebsrat'), membershipId: member(i).id })),
    ...[5, 9, 19, 23, 27].map((i) => ({ roleId: role('Ersthelfer:in'), membershipId: member(i).id })),
    ...[6, 10, 20, 24].map((i) => ({ roleId: role('Brandschutzhelfer:in'), membershipId: member(i).id })),
  ]);

  // Online meeting rooms, one of them booked by the quarterly planning.
  const rooms = await services.meetingRooms.seedMeetingRooms(network.id, [
    'Videoraum Berlin',
    'Videoraum Hamburg',
    'Vorstandsraum (online)',
  ]);
  const planning = await create(anna!, {
    name: 'Quartalsplanung (online)',
    description: '<p>Ziele und Budget für das kommende Quartal. Wir treffen uns im Videoraum.</p>',
    calendar_ids: [calendars.networkCalendarId],
    category_id: calendars.category('Besprechung'),
    date: timed(day(7, '10:00'), day(7, '11:30')),
    meeting: { room_id: rooms[0]!.id },
  });
  await invite(anna!, planning, { membership_ids: [max!.id, lena!.id, member(4).id, member(22).id] });
  await answer(lena!, planning, 'accepted');

  // The works meeting: the works council and the fire safety helpers (shown grouped).
  const worksMeeting = appointment('Betriebsversammlung');
  await invite(anna!, worksMeeting, { membership_role_ids: [role('Betriebsrat'), role('Brandschutzhelfer:in')] });
  await invite(anna!, worksMeeting, { membership_ids: [max!.id] });
  await answer(member(3), worksMeeting, 'accepted');
  await answer(member(14), worksMeeting, 'declined');
  await answer(member(6), worksMeeting, 'accepted');

  // The summer party of the Berlin office: registration, many answers.
  const party = appointment('Sommerfest');
  await invite(anna!, party, { group_ids: [group('berlin'), group('marketing')] });
  for (const i of [1, 3, 4, 19, 20]) await answer(member(i), party, 'accepted');
  await answer(member(21), party, 'declined');

  // The first-aid course: 12 places, all taken; Max is invited but cannot get a place.
  const course = appointment('Erste-Hilfe-Kurs');
  // Anna, the organiser, has one of the places.
  const attendees = [5, 9, 19, 23, 27, 6, 10, 20, 24, 7, 8].map((i) => member(i).id);
  await invite(anna!, course, { membership_ids: attendees, status: 'accepted' });
  await invite(anna!, course, { membership_ids: [max!.id, lena!.id] });

  // Max accepted the summer party (above) and declined the data protection training.
  await invite(anna!, appointment('Onboarding neue Kolleg:innen'), { membership_ids: [member(14).id, member(15).id] });
  const privacy = appointment('Datenschutz-Schulung (online)');
  await invite(anna!, privacy, { membership_ids: [max!.id, lena!.id, gina!.id] });
  await answer(max!, privacy, 'declined');

  // Expired: a past drill nobody answered.
  const drill = await create(anna!, {
    name: 'Brandschutzübung',
    calendar_ids: [calendars.networkCalendarId],
    category_id: calendars.category('Schulung'),
    date: timed(day(-10, '11:00'), day(-10, '11:30')),
    location: { name: 'Sammelplatz Hof' },
  });
  await invite(anna!, drill, { membership_ids: [max!.id, lena!.id] });

  // Obsolete: a canceled team event, and a workshop deleted after inviting.
  const bowling = await create(anna!, {
    name: 'Team-Event Bowling',
    calendar_ids: [calendars.networkCalendarId],
    category_id: calendars.category('Veranstaltung'),
    date: timed(day(15, '18:00'), day(15, '21:00')),
    location: { name: 'Bowlingcenter am Ostbahnhof', city: 'Berlin' },
  });
  await invite(anna!, bowling, { membership_ids: [max!.id, lena!.id] });
  await services.appointments.cancel(
    actor(anna!),
    await services.appointments.load(actor(anna!), bowling.id),
    undefined,
  );
  const workshop = await create(anna!, {
    name: 'Kundenworkshop',
    calendar_ids: [calendars.networkCalendarId],
    date: timed(day(11, '13:00'), day(11, '17:00')),
  });
  await invite(anna!, workshop, { membership_ids: [max!.id] });
  await services.appointments.destroy(actor(anna!), await services.appointments.load(actor(anna!), workshop.id));

  // Anna is invited too: to the architecture review and the marketing fair.
  await invite(max!, appointment('Architektur-Review'), { membership_ids: [anna!.id, member(9).id] });
  await invite(lena!, appointment('Messe „Digital Workplace“'), { membership_ids: [anna!.id, max!.id, member(4).id] });
  await answer(max!, appointment('Messe „Digital Workplace“'), 'accepted');

  // Gina (external) in the website relaunch: an open invite to the weekly jour fixe, an accepted go-live.
  await invite(max!, appointment('Jour fixe Relaunch'), { membership_ids: [gina!.id, member(4).id, member(5).id] });
  await invite(max!, appointment('Go-live Website'), { membership_ids: [gina!.id, member(9).id] });
  await answer(gina!, appointment('Go-live Website'), 'accepted');
}

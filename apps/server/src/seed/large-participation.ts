import type { Services } from '../app.ts';
import type { SeedInvite } from '../modules/appointments/index.ts';

const ZONE = 'Europe/Berlin';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type LargeParticipationOptions = {
  memberIds: string[];
  /** The member whose inbox the benchmark reads (seedLarge's member-00001). */
  viewerIndex?: number;
  appointments?: number;
  invitesPerAppointment?: number;
  /** Members of the group the benchmark adds as participants at once. */
  groupSize?: number;
  now?: Date;
};

export type LargeParticipationResult = {
  invites: number;
  viewerInvites: number;
  /** The appointment the benchmark adds the large group to (no participants but its author). */
  targetAppointmentId: string;
  groupId: string;
  groupSize: number;
};

/**
 * Invites for the participation benchmark: `appointments` appointments in the network calendar
 * from two months ago to four months ahead, each with `invitesPerAppointment` invited members in
 * every state (100,000 invites by default); the viewer is invited to each. And a group of
 * `groupSize` members, and an appointment to add it to.
 */
export async function seedLargeParticipation(
  services: Services,
  networkId: string,
  options: LargeParticipationOptions,
): Promise<LargeParticipationResult> {
  const { memberIds } = options;
  const count = options.appointments ?? 1000;
  const perAppointment = Math.min(options.invitesPerAppointment ?? 100, memberIds.length - 1);
  const groupSize = Math.min(options.groupSize ?? 5000, memberIds.length);
  const viewerId = memberIds[options.viewerIndex ?? 1]!;
  const adminId = memberIds[0]!;
  const now = (options.now ?? new Date()).getTime();

  const admin = (await services.members.findMany(networkId, [adminId]))[0];
  if (!admin) throw new Error(`No member ${adminId} in network ${networkId}`);
  const calendars = await services.calendars.accessible(services.members.actorFor(admin, 'large-seed', null));
  const networkCalendar = calendars.find((c) => c.type === 'network' && c.isDefault);
  if (!networkCalendar) throw new Error('seedLargeParticipation needs the network calendar');

  const starts = Array.from({ length: count }, (_, i) => new Date(now + (-60 + (i * 180) / count) * DAY + 10 * HOUR));
  const ids = await services.appointments.insertMany(
    networkId,
    starts.map((startsAt, i) => ({
      name: `Einladung ${i + 1}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      timeZone: ZONE,
      calendarIds: [networkCalendar.id],
      authorId: adminId,
      canceled: i % 40 === 7,
    })),
  );
  const [targetAppointmentId] = await services.appointments.insertMany(networkId, [
    {
      name: 'Betriebsversammlung (alle)',
      startsAt: new Date(now + 14 * DAY),
      endsAt: new Date(now + 14 * DAY + 2 * HOUR),
      timeZone: ZONE,
      calendarIds: [networkCalendar.id],
      authorId: adminId,
    },
  ]);

  const others = memberIds.filter((id) => id !== viewerId && id !== adminId);
  const invites: SeedInvite[] = [];
  ids.forEach((appointmentId, i) => {
    const endsAt = new Date(starts[i]!.getTime() + HOUR);
    const canceled = i % 40 === 7;
    const invitees = [
      viewerId,
      ...Array.from({ length: perAppointment - 1 }, (_, k) => others[(i * 97 + k * 31) % others.length]!),
    ];
    invitees.forEach((membershipId, k) => {
      // Most invites are answered; a quarter stays open (expired once the appointment is over).
      const state = (i + k) % 4;
      const answer = state === 1 ? 'accepted' : state === 2 ? 'declined' : null;
      invites.push({
        appointmentId,
        membershipId,
        authorId: adminId,
        inviteStatus: canceled ? 'obsolete' : (answer ?? 'open'),
        participantStatus: answer ?? 'invited',
        endsAt,
        answeredAt: answer ? new Date(now - DAY) : null,
      });
    });
  });
  await services.appointments.insertInvites(networkId, invites);

  const [category] = await services.groups.createCategories(networkId, [
    { slug: 'bench-participation', name: 'Bench', pluralName: 'Bench', position: 9 },
  ]);
  const [group] = await services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'all-hands-5000', name: 'All hands', access: 'closed' },
  ]);
  const entries = memberIds.slice(0, groupSize).map((membershipId) => ({ groupId: group!.id, membershipId }));
  for (let i = 0; i < entries.length; i += 1000)
    await services.groups.addMembers(networkId, entries.slice(i, i + 1000));

  return {
    invites: invites.length,
    viewerInvites: ids.length,
    targetAppointmentId: targetAppointmentId!,
    groupId: group!.id,
    groupSize,
  };
}

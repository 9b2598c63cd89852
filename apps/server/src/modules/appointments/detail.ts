import { occurrenceId, type Appointment } from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import type { MeetingRoomsService } from '../meeting-rooms/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { loadedSubject, type LoadedAppointment } from './access.ts';
import type { AppointmentFilesService } from './files.ts';
import { appointmentPolicy, type AppointmentAction } from './policy.ts';
import { consumerRef, inviteState, presentParticipant, type ParticipationSummary } from './participation/list.ts';
import type { Participation } from './participation/index.ts';
import { presentAppointment, type AppointmentDetailData } from './present.ts';
import { nextOccurrence, previousOccurrence, type Occurrence, type SeriesRule } from './recurrence.ts';
import type { AppointmentRow, AppointmentsRepository, ExceptionRow } from './repository.ts';
import { presentStart, ruleOf } from './times.ts';

/** More deleted occurrences in a row than this are not skipped over (a guard, not a limit anyone meets). */
const MAX_SKIPPED = 1000;

function isSeries(row: Pick<AppointmentRow, 'seriesId' | 'recurrenceFrequency'>): boolean {
  return !row.seriesId && row.recurrenceFrequency !== 'never';
}

/**
 * The neighbouring occurrences of an occurrence (of now, for the series itself), skipping the
 * deleted ones; a modified neighbour is named with its own start.
 */
function navigation(
  series: AppointmentRow,
  anchor: Date,
  exceptions: ExceptionRow[],
): AppointmentDetailData['navigation'] {
  const rule: SeriesRule = ruleOf(series);
  const deleted = new Set(exceptions.filter((e) => e.occurrenceDeleted).map((e) => e.originalStart?.getTime()));
  const modified = new Map(
    exceptions.filter((e) => !e.occurrenceDeleted && e.originalStart).map((e) => [e.originalStart!.getTime(), e]),
  );
  const step = (find: (rule: SeriesRule, from: Date) => Occurrence | null) => {
    let found = find(rule, anchor);
    for (let i = 0; found && deleted.has(found.start.getTime()) && i < MAX_SKIPPED; i++)
      found = find(rule, found.start);
    return found && !deleted.has(found.start.getTime()) ? found : null;
  };
  const next = step(nextOccurrence);
  const previous = step(previousOccurrence);
  let nextStart: string | null = null;
  if (next) {
    const changed = modified.get(next.start.getTime());
    nextStart = changed
      ? presentStart(changed.startsAt, changed.allDay, changed.timeZone)
      : presentStart(next.start, series.allDay, series.timeZone);
  }
  return {
    next: next ? { id: occurrenceId(series.id, next.key), start: nextStart! } : null,
    previousId: previous ? occurrenceId(series.id, previous.key) : null,
  };
}

/** What the detail shows of participation: lists and counts only to who may see attendees. */
function participationOf(
  summary: ParticipationSummary,
  can: Record<AppointmentAction, boolean>,
  now: Date,
): AppointmentDetailData['participation'] {
  const show = can.show_attendees;
  const manage = can.update_participants;
  const invite = summary.myInvite;
  return {
    myInvite: invite ? { id: invite.id, status: inviteState(invite, now) } : null,
    myParticipant: summary.mine ? presentParticipant(summary.mine, summary.roles, manage, 'me') : null,
    participants: show ? summary.first.map((r) => presentParticipant(r, summary.roles, manage)) : [],
    counts: show ? summary.counts : { accepted: 0, declined: 0, invited: 0 },
    invitedConsumers: show ? summary.consumers.map(consumerRef) : [],
    registrationClosed: summary.registrationClosed,
  };
}

export function createDetail(deps: {
  repository: AppointmentsRepository;
  members: MembersService;
  networks: NetworksService;
  files: AppointmentFilesService;
  meetingRooms: Pick<MeetingRoomsService, 'find' | 'joinUrl'>;
  participation: Pick<Participation, 'summary'>;
}) {
  const { repository } = deps;

  /** The actor's `can` flags, with the participation they depend on (one round of batched queries). */
  async function abilitiesOf(actor: Actor, loaded: LoadedAppointment, now: Date) {
    const [summary, network] = await Promise.all([
      deps.participation.summary(actor, loaded, now),
      deps.networks.get(actor.networkId),
    ]);
    const retroactiveOpting = network ? deps.networks.settings(network).appointments_retroactive_opting : false;
    const can = abilities(
      appointmentPolicy,
      actor,
      loadedSubject(loaded, {
        attendingCount: summary.attendingCount,
        participantCount: summary.participantCount,
        participating: summary.participating,
        registrationClosed: summary.registrationClosed,
        over: summary.over,
        retroactiveOpting,
      }),
    );
    return { can, summary };
  }

  return {
    abilitiesOf,

    /** `GET /appointments/{id}`: a handful of queries, each batched over what it loads. */
    async present(actor: Actor, loaded: LoadedAppointment, now: Date = new Date()): Promise<Appointment> {
      const { row, series, occurrence } = loaded;
      const networkId = actor.networkId;
      const owner = series ?? row;
      const [contactIds, category, files, exceptions, { can, summary }] = await Promise.all([
        repository.contactIds(row.id),
        row.categoryId ? repository.category(networkId, row.categoryId) : undefined,
        deps.files.of(networkId, [owner.id]),
        isSeries(owner) ? repository.exceptionsOf(networkId, [owner.id]) : Promise.resolve([]),
        abilitiesOf(actor, loaded, now),
      ]);
      const memberIds = [owner.authorId, row.lastAuthorId, ...contactIds].filter((id): id is string => !!id);
      const members = await deps.members.findMany(networkId, [...new Set(memberIds)]);
      const attendingCount = summary.attendingCount;
      const room = row.meeting.room_id ? await deps.meetingRooms.find(networkId, row.meeting.room_id) : undefined;
      return presentAppointment({
        meetingRoom: room ? { name: room.name, joinUrl: deps.meetingRooms.joinUrl(room) } : null,
        viewerId: actor.membershipId,
        loaded,
        can,
        category: category ?? null,
        members: new Map(members.map((m) => [m.id, m])),
        contactIds,
        files: files.get(owner.id)!,
        attendingCount,
        participation: participationOf(summary, can, now),
        navigation: isSeries(owner)
          ? navigation(owner, occurrence?.start ?? now, exceptions)
          : { next: null, previousId: null },
      });
    },
  };
}

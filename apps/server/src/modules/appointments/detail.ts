import { occurrenceId, type Appointment } from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { loadedSubject, type LoadedAppointment } from './access.ts';
import type { AppointmentFilesService } from './files.ts';
import { appointmentPolicy } from './policy.ts';
import { presentAppointment, type AppointmentDetailData } from './present.ts';
import { nextOccurrence, previousOccurrence, type Occurrence, type SeriesRule } from './recurrence.ts';
import type { AppointmentRow, AppointmentsRepository, ExceptionRow } from './repository.ts';
import { presentStart, ruleOf } from './times.ts';

/** More deleted occurrences in a row than this are not skipped over (a guard, not a limit anyone meets). */
const MAX_SKIPPED = 1000;

function isSeries(row: Pick<AppointmentRow, 'seriesId' | 'recurrenceFrequency'>): boolean {
  return !row.seriesId && row.recurrenceFrequency !== 'never';
}

/** Whether the appointment (the occurrence; for a series its last occurrence) is over. */
function isOver(loaded: LoadedAppointment, now: Date): boolean {
  const { row, series, occurrence } = loaded;
  if (occurrence && row === series) return (occurrence.end ?? occurrence.start) < now;
  if (isSeries(row)) return row.rangeEnd !== null && row.rangeEnd < now;
  return (row.endsAt ?? row.startsAt) < now;
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

export function createDetail(deps: {
  repository: AppointmentsRepository;
  members: MembersService;
  networks: NetworksService;
  files: AppointmentFilesService;
}) {
  const { repository } = deps;
  return {
    /** `GET /appointments/{id}`: a handful of queries, each batched over what it loads. */
    async present(actor: Actor, loaded: LoadedAppointment, now: Date = new Date()): Promise<Appointment> {
      const { row, series, occurrence } = loaded;
      const networkId = actor.networkId;
      const owner = series ?? row;
      const [contactIds, category, counts, files, exceptions, network] = await Promise.all([
        repository.contactIds(row.id),
        row.categoryId ? repository.category(networkId, row.categoryId) : undefined,
        // Who takes part in a series takes part in each of its occurrences.
        repository.attendingCounts([owner.id]),
        deps.files.of(networkId, [owner.id]),
        isSeries(owner) ? repository.exceptionsOf(networkId, [owner.id]) : Promise.resolve([]),
        deps.networks.get(networkId),
      ]);
      const memberIds = [owner.authorId, row.lastAuthorId, ...contactIds].filter((id): id is string => !!id);
      const members = await deps.members.findMany(networkId, [...new Set(memberIds)]);
      const attendingCount = counts.get(owner.id) ?? 0;
      const retroactiveOpting = network ? deps.networks.settings(network).appointments_retroactive_opting : false;
      const can = abilities(
        appointmentPolicy,
        actor,
        loadedSubject(loaded, { attendingCount, over: isOver(loaded, now), retroactiveOpting }),
      );
      return presentAppointment({
        viewerId: actor.membershipId,
        loaded,
        can,
        category: category ?? null,
        members: new Map(members.map((m) => [m.id, m])),
        contactIds,
        files: files.get(owner.id)!,
        attendingCount,
        navigation: isSeries(owner)
          ? navigation(owner, occurrence?.start ?? now, exceptions)
          : { next: null, previousId: null },
      });
    },
  };
}

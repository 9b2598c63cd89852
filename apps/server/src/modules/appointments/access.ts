import { ID_PATTERN, parseOccurrenceId } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { CalendarAccess, CalendarsService } from '../calendars/index.ts';
import { appointmentPolicy, type AppointmentSubject } from './policy.ts';
import { occurrenceByKey, occurrenceKey, type Occurrence } from './recurrence.ts';
import type { AppointmentsRepository, AppointmentWithCalendars } from './repository.ts';
import type { StoredMeeting } from './tables.ts';
import { ruleOf } from './times.ts';

/**
 * An appointment as a request addresses it: a single appointment or a series by its id, or
 * one occurrence of a series (`r-{seriesId}-{key}`, or the id of its exception row).
 */
export type LoadedAppointment = {
  /** What is shown: the appointment, the series (for an occurrence not changed on its own) or the modified occurrence's row. */
  row: AppointmentWithCalendars;
  /** The series, for occurrences. */
  series: AppointmentWithCalendars | null;
  /** The occurrence as the series generates it (its original start and end), for occurrences. */
  occurrence: Occurrence | null;
  /** The actor's rights in the row's calendars. */
  calendars: Map<string, CalendarAccess>;
};

/** What the rules see besides calendars; the mutations' rules (update, destroy) need none of it. */
export type SubjectExtras = {
  attendingCount: number;
  participantCount: number;
  participating: boolean;
  registrationClosed: boolean;
  over: boolean;
  retroactiveOpting: boolean;
};
const NO_EXTRAS: SubjectExtras = {
  attendingCount: 0,
  participantCount: 0,
  participating: false,
  registrationClosed: false,
  over: false,
  retroactiveOpting: false,
};

export function subjectOf(
  row: Pick<AppointmentWithCalendars, 'networkId' | 'calendarIds' | 'attendeeConfiguration' | 'canceled'> & {
    meeting: Pick<StoredMeeting, 'room_id'>;
  },
  authorId: string | null,
  calendars: Map<string, CalendarAccess>,
  extras: SubjectExtras = NO_EXTRAS,
): AppointmentSubject {
  return {
    networkId: row.networkId,
    authorId,
    calendars: row.calendarIds.flatMap((id) => calendars.get(id) ?? []),
    attendeeConfiguration: row.attendeeConfiguration,
    canceled: row.canceled,
    hasMeetingRoom: !!row.meeting.room_id,
    ...extras,
  };
}

/** The subject of what was loaded; occurrences keep the series' author. */
export function loadedSubject(loaded: LoadedAppointment, extras?: SubjectExtras): AppointmentSubject {
  const authorId = (loaded.series ?? loaded.row).authorId;
  return subjectOf(loaded.row, authorId, loaded.calendars, extras);
}

export function createAppointmentAccess(deps: { repository: AppointmentsRepository; calendars: CalendarsService }) {
  const { repository } = deps;

  async function seriesOf(networkId: string, id: string): Promise<AppointmentWithCalendars> {
    const series = await repository.find(networkId, id);
    if (!series || series.seriesId || series.recurrenceFrequency === 'never') throw notFound();
    return series;
  }

  async function resolve(actor: Actor, rawId: string): Promise<Omit<LoadedAppointment, 'calendars'>> {
    const networkId = actor.networkId;
    const ref = parseOccurrenceId(rawId);
    if (ref) {
      const series = await seriesOf(networkId, ref.seriesId);
      const occurrence = occurrenceByKey(ruleOf(series), ref.originalLocalStart);
      if (!occurrence) throw notFound();
      const exception = await repository.findException(networkId, series.id, occurrence.start);
      if (exception?.occurrenceDeleted) throw notFound();
      return { row: exception ?? series, series, occurrence };
    }
    if (!ID_PATTERN.test(rawId)) throw notFound();
    const row = await repository.find(networkId, rawId);
    if (!row) throw notFound();
    if (!row.seriesId) return { row, series: null, occurrence: null };
    // The row of a modified occurrence stands for that occurrence.
    if (row.occurrenceDeleted || !row.originalStart) throw notFound();
    const series = await seriesOf(networkId, row.seriesId);
    const key = occurrenceKey(row.originalStart, series.timeZone);
    const occurrence = occurrenceByKey(ruleOf(series), key);
    if (!occurrence) throw notFound();
    return { row, series, occurrence };
  }

  return {
    /** The appointment or occurrence if the actor may read it; 404 otherwise (also for a malformed id). */
    async load(actor: Actor, rawId: string): Promise<LoadedAppointment> {
      const resolved = await resolve(actor, rawId);
      const calendars = await deps.calendars.accessMany(actor, resolved.row.calendarIds);
      const loaded = { ...resolved, calendars };
      if (!allows(appointmentPolicy, 'read', actor, loadedSubject(loaded))) throw notFound();
      return loaded;
    },

    /**
     * The series' own subject for a change to the whole series made from one occurrence: a
     * modified occurrence may sit in other calendars than its series.
     */
    async seriesSubject(actor: Actor, loaded: LoadedAppointment): Promise<AppointmentSubject> {
      const series = loaded.series ?? loaded.row;
      if (series === loaded.row) return loadedSubject(loaded);
      const calendars = await deps.calendars.accessMany(actor, series.calendarIds);
      return subjectOf(series, series.authorId, calendars);
    },
  };
}

export type AppointmentAccess = ReturnType<typeof createAppointmentAccess>;

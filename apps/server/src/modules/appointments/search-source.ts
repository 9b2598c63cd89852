import { occurrenceId, type AppointmentSearchHit } from '@agora/contracts';
import type { StoredEvent } from '../../platform/events/index.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import { CALENDAR_DESTROYED, type CalendarsService } from '../calendars/index.ts';
import { subjectOf } from './access.ts';
import { APPOINTMENT_EVENTS, CALENDAR_APPOINTMENTS_UNLINKED } from './events.ts';
import { htmlToText } from './ics/html-text.ts';
import { appointmentPolicy } from './policy.ts';
import { formatInZone, occurrenceKey } from './recurrence.ts';
import type { AppointmentWithCalendars } from './repository.ts';
import type { AppointmentSearchRepository } from './search-repository.ts';
import { presentDate } from './times.ts';

/** The key of the members who read a calendar: an appointment is found where its calendars are read. */
export const calendarKey = (calendarId: string) => `appointments:calendar:${calendarId}`;

export type AppointmentSearchDeps = {
  repository: AppointmentSearchRepository;
  calendars: Pick<CalendarsService, 'accessible' | 'accessMany' | 'groupIdsOf'>;
};

function hitType(row: AppointmentWithCalendars): AppointmentSearchHit['type'] {
  if (row.seriesId) return 'modified_recurring_appointment';
  return row.recurrenceFrequency === 'never' ? 'appointment' : 'recurring_appointment';
}

function locationText(row: AppointmentWithCalendars): string {
  const { name, address1, address2, zip, city, country } = row.location;
  return [name, address1, address2, [zip, city].filter(Boolean).join(' '), country].filter(Boolean).join(', ');
}

/**
 * Global search of appointments: one document per single appointment, per series and per
 * changed occurrence of a series (its own row, with its own name, time and calendars). Who finds
 * one is who reads one of its calendars, as the appointment policy says (`read`); the keys are
 * the calendar ids, so that sharing a calendar or joining a group changes the member's keys only.
 * A deleted calendar's key is held by nobody, so what was only in it is found by nobody before
 * its row is gone.
 */
export function appointmentSearchSource(deps: AppointmentSearchDeps): SearchSource<'appointments'> {
  const { repository, calendars } = deps;

  async function documents(networkId: string, rows: AppointmentWithCalendars[]): Promise<SearchDocument[]> {
    const groups = await calendars.groupIdsOf(
      networkId,
      rows.flatMap((r) => r.calendarIds),
    );
    return rows.map((row) => ({
      module: 'appointments',
      id: row.id,
      networkId: row.networkId,
      groupId: row.calendarIds.flatMap((id) => groups.get(id) ?? [])[0] ?? null,
      access: row.calendarIds.map(calendarKey),
      title: row.name,
      content: [htmlToText(row.description), locationText(row)].filter(Boolean).join('\n'),
      language: 'network',
      sortAt: row.startsAt,
    }));
  }

  /** The series and every row of its changed occurrences: what an event of the series may change. */
  async function ofSeries(event: StoredEvent): Promise<string[]> {
    const gone = event.changes.removed_exception_ids;
    return [
      event.subject.id,
      ...(await repository.exceptionIds(event.networkId, event.subject.id)),
      ...(Array.isArray(gone) ? gone.filter((id): id is string => typeof id === 'string') : []),
    ];
  }

  const changedBy: SearchSource['changedBy'] = {
    [APPOINTMENT_EVENTS.created]: ofSeries,
    [APPOINTMENT_EVENTS.updated]: ofSeries,
    [APPOINTMENT_EVENTS.canceled]: ofSeries,
    [APPOINTMENT_EVENTS.destroyed]: ofSeries,
    // Those still linked when this runs; once unlinked, the appointments module names them all.
    [CALENDAR_DESTROYED]: (event) => repository.idsInCalendar(event.networkId, event.subject.id),
    [CALENDAR_APPOINTMENTS_UNLINKED]: (event) => {
      const ids = event.changes.appointment_ids;
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    },
  };

  return {
    module: 'appointments',
    changedBy,
    async load(networkId, ids) {
      return documents(networkId, await repository.byIds(networkId, ids));
    },
    async scan(networkId, afterId, limit) {
      return documents(networkId, await repository.page(networkId, afterId, limit));
    },
    async accessKeys(actor) {
      // The calendars the month sheet shows: personal ones of others only when shared.
      return (await calendars.accessible(actor)).map((c) => calendarKey(c.id));
    },
    async present(actor: Actor, ids: string[]): Promise<AppointmentSearchHit[]> {
      const rows = await repository.byIds(actor.networkId, ids);
      const seriesIds = [...new Set(rows.flatMap((r) => (r.seriesId ? [r.seriesId] : [])))];
      const series = new Map((await repository.byIds(actor.networkId, seriesIds)).map((s) => [s.id, s]));
      const access = await calendars.accessMany(actor, [...new Set(rows.flatMap((r) => r.calendarIds))]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const parent = row.seriesId ? series.get(row.seriesId) : undefined;
        if (row.seriesId && (!parent || !row.originalStart)) return [];
        const author = parent ? parent.authorId : row.authorId;
        if (!allows(appointmentPolicy, 'read', actor, subjectOf(row, author, access))) return [];
        return [presentHit(row, parent ?? null, access)];
      });
    },
  };
}

function presentHit(
  row: AppointmentWithCalendars,
  series: AppointmentWithCalendars | null,
  access: Awaited<ReturnType<CalendarsService['accessMany']>>,
): AppointmentSearchHit {
  const date = presentDate(row.startsAt, row.endsAt, row.allDay, row.timeZone);
  // A changed occurrence is linked as the occurrence of its series (`r-` id), as the month sheet does.
  const path =
    series && row.originalStart ? occurrenceId(series.id, occurrenceKey(row.originalStart, series.timeZone)) : row.id;
  const rule = series ?? row;
  return {
    id: row.id,
    type: hitType(row),
    name: row.name,
    date: { start: date.start, end: date.end ?? date.start, all_day: date.all_day },
    calendars: row.calendarIds.flatMap((id) => {
      const c = access.get(id);
      return c?.can.read ? [{ id: c.id, name: c.name, color: c.color }] : [];
    }),
    html_description: row.description,
    recurrence_pattern:
      rule.recurrenceFrequency === 'never'
        ? null
        : {
            recurrence_frequency: rule.recurrenceFrequency,
            recurrence_end_time: rule.recurrenceEndTime ? formatInZone(rule.recurrenceEndTime, rule.timeZone) : null,
          },
    html_url: `/appointments/${path}`,
  };
}

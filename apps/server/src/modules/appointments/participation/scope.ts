import { occurrenceId, type ApplyTo } from '@agora/contracts';
import { unprocessable } from '../../../platform/errors.ts';
import type { LoadedAppointment } from '../access.ts';
import type { AppointmentWithCalendars } from '../repository.ts';
import type { ParticipationScope } from './repository.ts';

/**
 * What a participation change applies to: the appointment, the whole series, or one occurrence
 * of it, with the row whose settings (lock, limit, registration, cancelation) rule it.
 */
export type Target = {
  scope: ParticipationScope;
  row: AppointmentWithCalendars;
  /** Whether the series (both rows) or the occurrence's own row is canceled. */
  canceled: boolean;
  /** When it is over (null: a series without end); invites expire then. */
  endsAt: Date | null;
  /** The id the web app addresses it by (`r-...` for an occurrence). */
  publicId: string;
  name: string;
  start: Date;
  allDay: boolean;
  timeZone: string;
};

/** The scope a page or list shows: the occurrence for an occurrence, else the appointment or series. */
export function viewScope(loaded: LoadedAppointment): ParticipationScope {
  const owner = loaded.series ?? loaded.row;
  return { ownerId: owner.id, key: loaded.occurrence?.key ?? '' };
}

/** An occurrence's participation changes alone or with its series: the request must say which. */
export function targetOf(loaded: LoadedAppointment, applyTo: ApplyTo | undefined): Target {
  const { row, series, occurrence } = loaded;
  if (!occurrence || !series) {
    return {
      scope: { ownerId: row.id, key: '' },
      row,
      canceled: row.canceled,
      endsAt: row.rangeEnd,
      publicId: row.id,
      name: row.name,
      start: row.startsAt,
      allDay: row.allDay,
      timeZone: row.timeZone,
    };
  }
  if (!applyTo) throw unprocessable({ apply_to: ['required'] });
  if (applyTo === 'all')
    return targetOf({ row: series, series: null, occurrence: null, calendars: loaded.calendars }, undefined);
  const modified = row !== series;
  return {
    scope: { ownerId: series.id, key: occurrence.key },
    row,
    canceled: row.canceled || series.canceled,
    endsAt: modified ? (row.endsAt ?? row.startsAt) : (occurrence.end ?? occurrence.start),
    publicId: occurrenceId(series.id, occurrence.key),
    name: row.name,
    start: modified ? row.startsAt : occurrence.start,
    allDay: row.allDay,
    timeZone: row.timeZone,
  };
}

/** The target of what a page shows (no apply_to: the occurrence itself for an occurrence). */
export function viewTarget(loaded: LoadedAppointment): Target {
  return targetOf(loaded, loaded.occurrence ? 'this' : undefined);
}

export function isOver(target: Target, now: Date): boolean {
  return target.endsAt !== null && target.endsAt < now;
}

/** Whether registration is required and its deadline has passed. */
export function registrationClosed(row: AppointmentWithCalendars, now: Date): boolean {
  const application = row.applicationConfiguration;
  if (!application.registration_required || !application.registration_deadline) return false;
  return new Date(application.registration_deadline) < now;
}

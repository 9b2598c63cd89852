import type { RecurrenceFrequency, RecurrenceUnit } from '@agora/contracts';
import { addToDate, addWallMinutes, wallMinutes } from '../lib/wall-clock.ts';
import type { AppointmentFormValues } from './form-values.ts';

/**
 * The rules of the calendars spec, section 4, as the member edits (applyAppointmentRules of the
 * contracts applies the same to what is saved). Each function answers the next values.
 */

type Values = AppointmentFormValues;

/** The unit and count one interval of a recurrence spans. */
function intervalOf(values: Pick<Values, 'frequency' | 'interval' | 'unit'>): { unit: RecurrenceUnit; count: number } {
  if (values.frequency === 'custom') {
    const count = Number(values.interval);
    return { unit: values.unit, count: Number.isInteger(count) && count >= 1 ? count : 1 };
  }
  return { unit: values.frequency === 'never' ? 'daily' : values.frequency, count: 1 };
}

/** The default end of a recurrence: its start plus one interval. */
export function defaultRecurrenceEnd(
  values: Pick<Values, 'startDate' | 'frequency' | 'interval' | 'unit'>,
): string | null {
  if (values.frequency === 'never' || !values.startDate) return null;
  const { unit, count } = intervalOf(values);
  return addToDate(values.startDate, unit, count);
}

/** Bypass lobby needs both Teams sync and an online meeting. */
function withTeams(values: Values, teams: Values['teams']): Values {
  return { ...values, teams: { ...teams, bypass: teams.sync && teams.online ? teams.bypass : false } };
}

/**
 * A new frequency: switching from never to custom starts with days; the interval goes back to 1
 * unless custom; the end of the old recurrence gives way to the default of the new one; any
 * recurrence turns Teams sync off.
 */
export function setFrequency(values: Values, frequency: RecurrenceFrequency): Values {
  if (frequency === values.frequency) return values;
  const unit = frequency === 'custom' && values.frequency === 'never' ? 'daily' : values.unit;
  const interval = frequency === 'custom' ? values.interval : 1;
  const next = { ...values, frequency, unit, interval };
  next.recurrenceEnd = defaultRecurrenceEnd(next);
  if (frequency === 'never') return next;
  return withTeams(next, { ...values.teams, sync: false });
}

/**
 * The interval or unit of a custom recurrence; an end still at the old default follows to the
 * new one, an end the member chose stays.
 */
export function setCustomInterval(
  values: Values,
  change: { interval?: number | string; unit?: RecurrenceUnit },
): Values {
  const next = { ...values, ...change };
  if (values.recurrenceEnd === defaultRecurrenceEnd(values)) next.recurrenceEnd = defaultRecurrenceEnd(next);
  return next;
}

/** Teams sync on forces no recurrence and an online meeting. */
export function setTeamsSync(values: Values, sync: boolean): Values {
  if (!sync) return withTeams(values, { ...values.teams, sync: false });
  const next = values.frequency === 'never' ? values : setFrequency(values, 'never');
  return withTeams(next, { ...values.teams, sync: true, online: true });
}

export function setOnlineMeeting(values: Values, online: boolean): Values {
  // Teams sync keeps the online meeting on.
  if (values.teams.sync && !online) return values;
  return withTeams(values, { ...values.teams, online });
}

export function setBypassLobby(values: Values, bypass: boolean): Values {
  return withTeams(values, { ...values.teams, bypass });
}

/**
 * A new start day or time moves the end by the same amount, so that the duration stays; the end
 * of a recurrence still at its default follows the start.
 */
export function setStart(values: Values, change: { date?: string | null; time?: string }): Values {
  const next = { ...values, startDate: change.date !== undefined ? change.date : values.startDate };
  if (change.time !== undefined) next.startTime = change.time;
  if (values.startDate && next.startDate && values.endDate) {
    const time = (v: Values) => (v.allDay ? '00:00' : v.startTime);
    const delta =
      wallMinutes({ date: next.startDate, time: time(next) }) -
      wallMinutes({ date: values.startDate, time: time(values) });
    if (Number.isFinite(delta) && delta !== 0) {
      const end = addWallMinutes({ date: values.endDate, time: values.endTime || '00:00' }, delta);
      if (!Number.isNaN(wallMinutes(end))) {
        next.endDate = end.date;
        if (values.endTime) next.endTime = end.time;
      }
    }
  }
  if (values.recurrenceEnd && values.recurrenceEnd === defaultRecurrenceEnd(values)) {
    next.recurrenceEnd = defaultRecurrenceEnd(next);
  }
  return next;
}

/** "Add end": the start plus one hour. */
export function addEnd(values: Values): Values {
  if (!values.startDate) return values;
  const end = addWallMinutes({ date: values.startDate, time: values.startTime || '00:00' }, 60);
  return { ...values, endDate: values.allDay ? values.startDate : end.date, endTime: end.time };
}

/** "Remove end": no end at all. */
export function removeEnd(values: Values): Values {
  return { ...values, endDate: null, endTime: '' };
}

/**
 * Which part of the end lies before the start: the day (an earlier end date), or the time on
 * the same day; null when the end is not before the start. end_lt_start names and focuses it.
 */
export function endBeforeStartPart(
  values: Pick<Values, 'allDay' | 'startDate' | 'startTime' | 'endDate' | 'endTime'>,
): 'date' | 'time' | null {
  const { startDate, endDate } = values;
  if (!startDate || !endDate) return null;
  if (endDate < startDate) return 'date';
  if (values.allDay || endDate > startDate) return null;
  return (values.endTime || values.startTime) < values.startTime ? 'time' : null;
}

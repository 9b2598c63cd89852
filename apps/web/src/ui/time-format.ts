/**
 * Times as 'HH:mm' (administration spec, section 5): the hour 0-23 else 00, the minutes 0-59 else
 * 00, each with two digits. Steps: 1 hour on the hours, 5 minutes on the minutes.
 */

export const TIME_STEP_HOURS = 1;
export const TIME_STEP_MINUTES = 5;

const MINUTES_PER_DAY = 24 * 60;

function part(text: string, max: number): string {
  const digits = text.trim();
  if (!/^\d{1,2}$/.test(digits) || Number(digits) > max) return '00';
  return digits.padStart(2, '0');
}

/** Typed text to 'HH:mm'; '' stays '' (an empty, optional field). Accepts 9, 9:5, 9.30, 930, 0930. */
export function normalizeTime(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const separated = /^([^:.]*)[:.](.*)$/.exec(trimmed);
  let hours: string;
  let minutes: string;
  if (separated) {
    hours = separated[1]!;
    minutes = separated[2]!;
  } else if (/^\d{3,4}$/.test(trimmed)) {
    hours = trimmed.slice(0, -2);
    minutes = trimmed.slice(-2);
  } else {
    hours = trimmed;
    minutes = '';
  }
  return `${part(hours, 23)}:${minutes === '' ? '00' : part(minutes, 59)}`;
}

/** Whether text is already a complete, valid time (so that it can be taken while typing). */
export function isCompleteTime(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
}

/**
 * One step up or down: an hour on the hours (the minutes stay), five minutes on the minutes
 * (snapping to the next multiple of five first, carrying into the hour). Wraps around midnight.
 */
export function stepTime(value: string, unit: 'hours' | 'minutes', direction: 1 | -1): string {
  const [h, m] = (normalizeTime(value) || '00:00').split(':').map(Number) as [number, number];
  let total = h * 60 + m;
  if (unit === 'hours') {
    total += direction * TIME_STEP_HOURS * 60;
  } else {
    const snapped =
      direction === 1
        ? Math.floor(total / TIME_STEP_MINUTES) * TIME_STEP_MINUTES
        : Math.ceil(total / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
    total = snapped + direction * TIME_STEP_MINUTES;
  }
  total = ((total % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

import type { NetworkSettings } from '@agora/contracts';

/**
 * The zone the sending times are read in. Networks have no zone of their own yet; the intranets
 * this serves are in central Europe, as the calendars' default zone is.
 */
export const DIGEST_TIME_ZONE = 'Europe/Berlin';

/** The sending times of the settings as local hours: morning, midday, late afternoon. */
export const DIGEST_HOURS = { am: 7, pm: 13, lpm: 17 } as const;
export type DigestTime = keyof typeof DIGEST_HOURS;

export type DigestKind = 'digest' | 'daily';

/** A moment as the network's clock shows it. */
export type LocalTime = { date: string; hour: number; minute: number; weekday: number };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localTime(at: Date, timeZone = DIGEST_TIME_ZONE): LocalTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value])) as Record<string, string>;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The sending time whose hour this is, if any. */
export function digestTimeAt(local: LocalTime): DigestTime | null {
  if (local.minute !== 0) return null;
  const entry = Object.entries(DIGEST_HOURS).find(([, hour]) => hour === local.hour);
  return entry ? (entry[0] as DigestTime) : null;
}

/** A slot's key in `digest_deliveries.period`: the local date and hour, `2026-11-27T07`. */
export function periodOf(local: LocalTime): string {
  return `${local.date}T${String(local.hour).padStart(2, '0')}`;
}

/** Which mails a network sends at this moment by its settings. */
export function dueKinds(settings: NetworkSettings, local: LocalTime): DigestKind[] {
  const time = digestTimeAt(local);
  if (!time) return [];
  const kinds: DigestKind[] = [];
  if (settings.digest_sending_days.some((d) => d.day === local.weekday && d.time === time)) kinds.push('digest');
  const daily = settings.daily_activity;
  const weekend = local.weekday === 0 || local.weekday === 6;
  if (daily.enabled && daily.sending_time === time && !(daily.only_weekdays && weekend)) kinds.push('daily');
  return kinds;
}

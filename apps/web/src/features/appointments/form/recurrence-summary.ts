import type { TFunction } from 'i18next';
import { monthStepDay, occurrenceCount, recurrenceStep, type CivilDay } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { intlLocale } from '../../../ui/intl-locale.ts';
import type { AppointmentFormValues } from './form-values.ts';

type SummaryValues = Pick<AppointmentFormValues, 'startDate' | 'frequency' | 'interval' | 'unit' | 'recurrenceEnd'>;

const KEY = 'appointments:form.recurrence_summary';

function parseDay(date: string | null): CivilDay | null {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/** The interval the form will save: 1 unless custom; null while a custom one is not a whole number >= 1. */
function intervalOf(values: SummaryValues): number | null {
  if (values.frequency !== 'custom') return 1;
  const interval = Number(values.interval);
  return values.interval !== '' && Number.isInteger(interval) && interval >= 1 ? interval : null;
}

/** Whether a month-stepped series meets a month without its day (4 years hold every case). */
function skipsMonths(first: CivilDay, months: number): boolean {
  for (let k = 1; k * months <= 48; k++) if (!monthStepDay(first, months, k)) return true;
  return false;
}

/**
 * What a recurrence will create, in words, as the member edits it: "Every week on Tuesday,
 * 2 occurrences, until 02.12.2026.", "Every 2 months on the 31st, no end. Months without a 31st
 * are skipped." Counted with the series grid the server expands (contracts, recurrence); null
 * for no recurrence, or while the start, interval or end cannot make a series.
 */
export function recurrenceSummary(t: TFunction, values: SummaryValues, language: string): string | null {
  const interval = intervalOf(values);
  const first = parseDay(values.startDate);
  if (values.frequency === 'never' || interval === null || !first || !values.startDate) return null;
  const step = recurrenceStep({ frequency: values.frequency, interval, unit: values.unit })!;
  if (values.recurrenceEnd && values.recurrenceEnd < values.startDate) return null;

  const locale = intlLocale(language);
  const day = new Date(Date.UTC(first.year, first.month - 1, first.day));
  const ordinal = t(`${KEY}.day`, { count: first.day, ordinal: true });
  const unit = values.frequency === 'custom' ? values.unit : values.frequency;
  let rule: string;
  if (unit === 'weekly') {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
    rule = t(`${KEY}.rule.weekly`, { count: interval, weekday });
  } else if (unit === 'yearly') {
    const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(day);
    rule = t(`${KEY}.rule.yearly`, { count: interval, date });
  } else if (unit === 'monthly') {
    rule = t(`${KEY}.rule.monthly`, { count: interval, day: ordinal });
  } else {
    rule = t(`${KEY}.rule.daily`, { count: interval });
  }

  const count = values.recurrenceEnd ? occurrenceCount(values.startDate, step, values.recurrenceEnd) : null;
  const sentence = values.recurrenceEnd
    ? t(`${KEY}.until`, {
        rule,
        occurrences: t(`${KEY}.occurrences`, { count: count ?? 1 }),
        date: formatDate(values.recurrenceEnd),
      })
    : t(`${KEY}.no_end`, { rule });
  if (step.months === 0 || !skipsMonths(first, step.months)) return sentence;
  const skipped = step.months % 12 === 0 ? t(`${KEY}.skips_years`) : t(`${KEY}.skips_months`, { day: ordinal });
  return `${sentence} ${skipped}`;
}

import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import type { AppointmentFormValues } from './form-values.ts';
import { recurrenceSummary } from './recurrence-summary.ts';

type Values = Pick<AppointmentFormValues, 'startDate' | 'frequency' | 'interval' | 'unit' | 'recurrenceEnd'>;

// 25.11.2026 is a Wednesday.
const weekly: Values = {
  startDate: '2026-11-25',
  frequency: 'weekly',
  interval: 1,
  unit: 'daily',
  recurrenceEnd: '2026-12-02',
};

function summary(language: string, values: Partial<Values> = {}) {
  return recurrenceSummary(i18n.getFixedT(language), { ...weekly, ...values }, language);
}

describe('recurrence summary', () => {
  it('says what a weekly series with the default end creates, or that it has no end', () => {
    expect(summary('en')).toBe('Every week on Wednesday, 2 occurrences, until 02.12.2026.');
    expect(summary('de')).toBe('Jede Woche am Mittwoch, 2 Termine, bis 02.12.2026.');
    expect(summary('en', { recurrenceEnd: null })).toBe('Every week on Wednesday, no end.');
    expect(summary('de', { recurrenceEnd: null })).toBe('Jede Woche am Mittwoch, ohne Ende.');
  });

  it('uses the singular for one occurrence and the plural for a custom interval', () => {
    expect(summary('en', { recurrenceEnd: '2026-11-25' })).toBe(
      'Every week on Wednesday, 1 occurrence, until 25.11.2026.',
    );
    expect(summary('de', { recurrenceEnd: '2026-11-25' })).toBe('Jede Woche am Mittwoch, 1 Termin, bis 25.11.2026.');
    expect(summary('en', { frequency: 'custom', interval: 2, unit: 'weekly', recurrenceEnd: '2026-12-31' })).toBe(
      'Every 2 weeks on Wednesday, 3 occurrences, until 31.12.2026.',
    );
  });

  it('words every frequency the form offers', () => {
    expect(summary('en', { frequency: 'daily', recurrenceEnd: '2026-11-30' })).toBe(
      'Every day, 6 occurrences, until 30.11.2026.',
    );
    expect(summary('en', { frequency: 'custom', interval: 3, unit: 'daily', recurrenceEnd: null })).toBe(
      'Every 3 days, no end.',
    );
    expect(summary('en', { frequency: 'monthly', recurrenceEnd: '2027-02-25' })).toBe(
      'Every month on the 25th, 4 occurrences, until 25.02.2027.',
    );
    expect(summary('de', { frequency: 'custom', interval: 2, unit: 'monthly', recurrenceEnd: null })).toBe(
      'Alle 2 Monate am 25., ohne Ende.',
    );
    expect(summary('en', { frequency: 'yearly', recurrenceEnd: '2028-11-25' })).toBe(
      'Every year on November 25, 3 occurrences, until 25.11.2028.',
    );
    expect(summary('de', { frequency: 'custom', interval: 2, unit: 'yearly', recurrenceEnd: null })).toBe(
      'Alle 2 Jahre am 25. November, ohne Ende.',
    );
  });

  it('writes English ordinals and says which months and years a series skips', () => {
    expect(summary('en', { startDate: '2026-01-01', frequency: 'monthly', recurrenceEnd: null })).toBe(
      'Every month on the 1st, no end.',
    );
    expect(summary('en', { startDate: '2026-01-22', frequency: 'monthly', recurrenceEnd: null })).toBe(
      'Every month on the 22nd, no end.',
    );
    expect(summary('en', { startDate: '2026-01-23', frequency: 'monthly', recurrenceEnd: null })).toBe(
      'Every month on the 23rd, no end.',
    );
    // January, March and May have a 31st; February and April are skipped.
    expect(summary('en', { startDate: '2026-01-31', frequency: 'monthly', recurrenceEnd: '2026-05-31' })).toBe(
      'Every month on the 31st, 3 occurrences, until 31.05.2026. Months without a 31st are skipped.',
    );
    expect(summary('de', { startDate: '2026-01-31', frequency: 'monthly', recurrenceEnd: null })).toBe(
      'Jeden Monat am 31., ohne Ende. Monate ohne einen 31. werden übersprungen.',
    );
    // Every 6 months from 31 January meets only months with a 31st.
    expect(
      summary('en', {
        startDate: '2026-01-31',
        frequency: 'custom',
        interval: 6,
        unit: 'monthly',
        recurrenceEnd: null,
      }),
    ).toBe('Every 6 months on the 31st, no end.');
    expect(summary('en', { startDate: '2028-02-29', frequency: 'yearly', recurrenceEnd: '2036-03-01' })).toBe(
      'Every year on February 29, 3 occurrences, until 01.03.2036. Years without 29 February are skipped.',
    );
  });

  it('speaks every locale', () => {
    expect(summary('fr', { startDate: '2026-12-01', frequency: 'monthly', recurrenceEnd: '2027-01-01' })).toBe(
      'Tous les mois le 1er, 2 rendez-vous, jusqu’au 01.01.2027.',
    );
    expect(summary('es')).toBe('Cada semana el miércoles, 2 citas, hasta el 02.12.2026.');
    expect(summary('de_DU', { recurrenceEnd: null })).toBe('Jede Woche am Mittwoch, ohne Ende.');
  });

  it('says nothing without a recurrence, a start, a valid interval or with an end before the start', () => {
    expect(summary('en', { frequency: 'never' })).toBeNull();
    expect(summary('en', { startDate: null })).toBeNull();
    expect(summary('en', { frequency: 'custom', interval: '', unit: 'weekly' })).toBeNull();
    expect(summary('en', { recurrenceEnd: '2026-11-24' })).toBeNull();
  });
});

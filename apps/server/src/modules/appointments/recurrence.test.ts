import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  lastOccurrenceEnd,
  nextOccurrence,
  occurrenceByKey,
  occurrencesBetween,
  previousOccurrence,
  toRRule,
  zonedInstant,
  type Occurrence,
  type SeriesRule,
} from './recurrence.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

/** A rule from wall-clock strings in its zone; one hour long unless `end` says otherwise. */
function series(
  start: string,
  overrides: Partial<Omit<SeriesRule, 'start' | 'end' | 'until'>> & {
    end?: string | null;
    until?: string | null;
  } = {},
): SeriesRule {
  const timeZone = overrides.timeZone ?? BERLIN;
  const startAt = zonedInstant(start, timeZone);
  const end =
    overrides.end === undefined
      ? new Date(startAt.getTime() + 60 * 60_000)
      : overrides.end === null
        ? null
        : zonedInstant(overrides.end, timeZone);
  return {
    allDay: false,
    frequency: 'weekly',
    interval: 1,
    unit: 'daily',
    ...overrides,
    timeZone,
    start: startAt,
    end,
    until: overrides.until ? zonedInstant(overrides.until, timeZone) : null,
  };
}

const at = (iso: string) => new Date(iso);
const starts = (rule: SeriesRule, list: Occurrence[]) => list.map((o) => formatInZone(o.start, rule.timeZone));
const ends = (rule: SeriesRule, list: Occurrence[]) => list.map((o) => o.end && formatInZone(o.end, rule.timeZone));
const between = (rule: SeriesRule, from: string, to: string) =>
  starts(rule, occurrencesBetween(rule, zonedInstant(from, rule.timeZone), zonedInstant(to, rule.timeZone)));

describe('occurrencesBetween: frequencies', () => {
  it('never gives the single occurrence when it overlaps the range', () => {
    const rule = series('2026-05-04T10:00', { frequency: 'never' });
    expect(between(rule, '2026-05-01', '2026-06-01')).toEqual(['2026-05-04T10:00:00+02:00']);
    expect(between(rule, '2026-05-04T10:30', '2026-05-05')).toEqual(['2026-05-04T10:00:00+02:00']);
    expect(between(rule, '2026-05-04T11:00', '2026-05-05')).toEqual([]);
    expect(between(rule, '2026-04-01', '2026-05-04T10:00')).toEqual([]);
  });

  it('daily repeats every day at the same wall-clock time', () => {
    const rule = series('2026-05-04T10:00', { frequency: 'daily' });
    expect(between(rule, '2026-05-06', '2026-05-09')).toEqual([
      '2026-05-06T10:00:00+02:00',
      '2026-05-07T10:00:00+02:00',
      '2026-05-08T10:00:00+02:00',
    ]);
  });

  it('weekly repeats on the same weekday', () => {
    const rule = series('2026-05-04T10:00'); // a Monday
    const list = occurrencesBetween(rule, at('2026-05-01T00:00Z'), at('2026-06-01T00:00Z'));
    expect(starts(rule, list)).toEqual([
      '2026-05-04T10:00:00+02:00',
      '2026-05-11T10:00:00+02:00',
      '2026-05-18T10:00:00+02:00',
      '2026-05-25T10:00:00+02:00',
    ]);
    expect(list.every((o) => o.start.getUTCDay() === 1)).toBe(true);
    expect(ends(rule, list)[0]).toBe('2026-05-04T11:00:00+02:00');
  });

  it('monthly repeats on the day of month and yearly on the date', () => {
    const monthly = series('2026-01-15T09:00', { frequency: 'monthly' });
    expect(between(monthly, '2026-01-01', '2026-05-01')).toEqual([
      '2026-01-15T09:00:00+01:00',
      '2026-02-15T09:00:00+01:00',
      '2026-03-15T09:00:00+01:00',
      '2026-04-15T09:00:00+02:00',
    ]);
    const yearly = series('2020-07-01T18:30', { frequency: 'yearly' });
    expect(between(yearly, '2024-01-01', '2027-01-01')).toEqual([
      '2024-07-01T18:30:00+02:00',
      '2025-07-01T18:30:00+02:00',
      '2026-07-01T18:30:00+02:00',
    ]);
  });

  it('custom counts its interval in its unit', () => {
    const everyThirdDay = series('2026-05-01T08:00', { frequency: 'custom', unit: 'daily', interval: 3 });
    expect(between(everyThirdDay, '2026-05-01', '2026-05-11')).toEqual([
      '2026-05-01T08:00:00+02:00',
      '2026-05-04T08:00:00+02:00',
      '2026-05-07T08:00:00+02:00',
      '2026-05-10T08:00:00+02:00',
    ]);
    const everyOtherWeek = series('2026-05-01T08:00', { frequency: 'custom', unit: 'weekly', interval: 2 });
    expect(between(everyOtherWeek, '2026-05-01', '2026-06-01')).toEqual([
      '2026-05-01T08:00:00+02:00',
      '2026-05-15T08:00:00+02:00',
      '2026-05-29T08:00:00+02:00',
    ]);
    const quarterly = series('2026-01-10T08:00', { frequency: 'custom', unit: 'monthly', interval: 3 });
    expect(between(quarterly, '2026-01-01', '2027-01-01')).toEqual([
      '2026-01-10T08:00:00+01:00',
      '2026-04-10T08:00:00+02:00',
      '2026-07-10T08:00:00+02:00',
      '2026-10-10T08:00:00+02:00',
    ]);
    const everyTwoYears = series('2026-03-01T08:00', { frequency: 'custom', unit: 'yearly', interval: 2 });
    expect(between(everyTwoYears, '2026-01-01', '2031-01-01')).toEqual([
      '2026-03-01T08:00:00+01:00',
      '2028-03-01T08:00:00+01:00',
      '2030-03-01T08:00:00+01:00',
    ]);
  });

  it('accepts an interval on the plain frequencies too', () => {
    const rule = series('2026-05-04T10:00', { frequency: 'weekly', interval: 3 });
    expect(between(rule, '2026-05-01', '2026-07-01')).toEqual([
      '2026-05-04T10:00:00+02:00',
      '2026-05-25T10:00:00+02:00',
      '2026-06-15T10:00:00+02:00',
    ]);
  });

  it('stops at until, which is inclusive', () => {
    const rule = series('2026-05-04T10:00', { frequency: 'daily', until: '2026-05-06T10:00' });
    expect(between(rule, '2026-05-01', '2026-06-01')).toEqual([
      '2026-05-04T10:00:00+02:00',
      '2026-05-05T10:00:00+02:00',
      '2026-05-06T10:00:00+02:00',
    ]);
    const aMinuteEarlier = series('2026-05-04T10:00', { frequency: 'daily', until: '2026-05-06T09:59' });
    expect(between(aMinuteEarlier, '2026-05-01', '2026-06-01')).toHaveLength(2);
  });

  it('skips months without the day, as RFC 5545 does', () => {
    const rule = series('2026-01-31T12:00', { frequency: 'monthly' });
    expect(between(rule, '2026-01-01', '2026-09-01')).toEqual([
      '2026-01-31T12:00:00+01:00',
      '2026-03-31T12:00:00+02:00',
      '2026-05-31T12:00:00+02:00',
      '2026-07-31T12:00:00+02:00',
      '2026-08-31T12:00:00+02:00',
    ]);
    const thirtieth = series('2026-01-30T12:00', { frequency: 'monthly' });
    expect(between(thirtieth, '2026-02-01', '2026-04-01')).toEqual(['2026-03-30T12:00:00+02:00']);
  });

  it('gives Feb 29 only in leap years', () => {
    const rule = series('2024-02-29T12:00', { frequency: 'yearly' });
    expect(between(rule, '2024-01-01', '2033-01-01')).toEqual([
      '2024-02-29T12:00:00+01:00',
      '2028-02-29T12:00:00+01:00',
      '2032-02-29T12:00:00+01:00',
    ]);
    // 2100 is no leap year, 2400 is.
    const century = series('2000-02-29T12:00', { frequency: 'custom', unit: 'yearly', interval: 100 });
    expect(between(century, '2050-01-01', '2450-01-01')).toEqual(['2400-02-29T12:00:00+01:00']);
  });

  it('includes occurrences that began before the range and still last', () => {
    const rule = series('2026-05-01T18:00', { frequency: 'weekly', end: '2026-05-03T12:00' });
    expect(between(rule, '2026-05-09', '2026-05-10')).toEqual(['2026-05-08T18:00:00+02:00']);
    const noEnd = series('2026-05-01T18:00', { frequency: 'daily', end: null });
    expect(between(noEnd, '2026-05-09T18:00', '2026-05-10T18:00')).toEqual(['2026-05-09T18:00:00+02:00']);
  });

  it('refuses a rule with an invalid date', () => {
    const rule = series('2026-05-04T10:00', { frequency: 'daily' });
    expect(() => occurrencesBetween({ ...rule, start: new Date(NaN) }, rule.start, rule.end!)).toThrow(RangeError);
    expect(() => nextOccurrence({ ...rule, until: new Date(NaN) }, rule.start)).toThrow(RangeError);
  });

  it('returns at most `limit` occurrences and nothing for an empty range', () => {
    const rule = series('2026-05-04T10:00', { frequency: 'daily' });
    expect(occurrencesBetween(rule, at('2026-05-01T00:00Z'), at('2026-06-01T00:00Z'), 5)).toHaveLength(5);
    expect(occurrencesBetween(rule, at('2026-06-01T00:00Z'), at('2026-05-01T00:00Z'))).toEqual([]);
  });
});

describe('occurrencesBetween: daylight saving time', () => {
  it('keeps 10:00 in Europe/Berlin across both changes, the offset changing', () => {
    const rule = series('2026-03-16T10:00', { frequency: 'weekly' });
    expect(between(rule, '2026-03-20', '2026-04-05')).toEqual([
      '2026-03-23T10:00:00+01:00',
      '2026-03-30T10:00:00+02:00',
    ]);
    const list = occurrencesBetween(rule, at('2026-10-15T00:00Z'), at('2026-11-01T00:00Z'));
    expect(starts(rule, list)).toEqual(['2026-10-19T10:00:00+02:00', '2026-10-26T10:00:00+01:00']);
    expect(list.map((o) => o.start.toISOString())).toEqual(['2026-10-19T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
    expect(ends(rule, list)).toEqual(['2026-10-19T11:00:00+02:00', '2026-10-26T11:00:00+01:00']);
  });

  it('keeps 10:00 in America/New_York across its own (earlier) changes', () => {
    const rule = series('2026-10-26T10:00', { frequency: 'weekly', timeZone: NEW_YORK });
    const list = occurrencesBetween(rule, at('2026-10-20T00:00Z'), at('2026-11-10T00:00Z'));
    expect(starts(rule, list)).toEqual([
      '2026-10-26T10:00:00-04:00',
      '2026-11-02T10:00:00-05:00',
      '2026-11-09T10:00:00-05:00',
    ]);
    expect(list.map((o) => o.start.toISOString())).toEqual([
      '2026-10-26T14:00:00.000Z',
      '2026-11-02T15:00:00.000Z',
      '2026-11-09T15:00:00.000Z',
    ]);
    const spring = series('2026-03-02T09:30', { frequency: 'weekly', timeZone: NEW_YORK });
    expect(between(spring, '2026-03-02', '2026-03-10')).toEqual([
      '2026-03-02T09:30:00-05:00',
      '2026-03-09T09:30:00-04:00',
    ]);
  });

  it('moves a time inside the spring-forward gap forward by the gap, keeping its length', () => {
    const rule = series('2026-03-27T02:30', { frequency: 'daily', end: '2026-03-27T03:00' });
    const list = occurrencesBetween(rule, at('2026-03-28T00:00Z'), at('2026-03-31T00:00Z'));
    expect(starts(rule, list)).toEqual([
      '2026-03-28T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-03-30T02:30:00+02:00',
    ]);
    expect(ends(rule, list)).toEqual([
      '2026-03-28T03:00:00+01:00',
      '2026-03-29T04:00:00+02:00',
      '2026-03-30T03:00:00+02:00',
    ]);
    expect(list.map((o) => o.key)).toEqual(['20260328T0230', '20260329T0330', '20260330T0230']);
  });

  it('takes the first of a doubled time at the fall-back', () => {
    const rule = series('2026-10-24T02:30', { frequency: 'daily', end: null });
    const [, doubled] = occurrencesBetween(rule, at('2026-10-24T00:00Z'), at('2026-10-26T00:00Z'));
    expect(doubled!.start.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(formatInZone(doubled!.start, BERLIN)).toBe('2026-10-25T02:30:00+02:00');
  });

  it('expands all-day series from local midnight to the midnight after the last day', () => {
    const rule = series('2026-03-27', { allDay: true, frequency: 'daily', end: '2026-03-29' });
    // Until 23:59 local of the 29th (CEST): the day after is not in the range.
    const list = occurrencesBetween(rule, at('2026-03-26T23:00Z'), at('2026-03-29T21:59Z'));
    expect(starts(rule, list)).toEqual([
      '2026-03-27T00:00:00+01:00',
      '2026-03-28T00:00:00+01:00',
      '2026-03-29T00:00:00+01:00',
    ]);
    expect(ends(rule, list)).toEqual([
      '2026-03-29T00:00:00+01:00',
      '2026-03-30T00:00:00+02:00',
      '2026-03-31T00:00:00+02:00',
    ]);
    expect(list.map((o) => o.key)).toEqual(['20260327T0000', '20260328T0000', '20260329T0000']);
  });
});

describe('a series begun long ago', () => {
  it('answers a range in its middle with the range alone, whatever its age', () => {
    const rule = series('1926-06-01T07:15', { frequency: 'daily', end: '1926-06-01T07:45' });
    expect(between(rule, '2026-06-10', '2026-06-13')).toEqual([
      '2026-06-10T07:15:00+02:00',
      '2026-06-11T07:15:00+02:00',
      '2026-06-12T07:15:00+02:00',
    ]);
    // A hundred years of daily occurrences iterated from the start would be 36,500 steps per
    // call; jumping, two thousand calls stay far below a second.
    const started = performance.now();
    for (let i = 0; i < 2000; i++) occurrencesBetween(rule, at('2026-06-01T00:00Z'), at('2026-07-01T00:00Z'));
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('occurrenceByKey, nextOccurrence, previousOccurrence', () => {
  const rule = series('2026-01-05T10:00', { frequency: 'weekly', until: '2026-12-31' });

  it('finds an occurrence by its local start and nothing off the grid', () => {
    const found = occurrenceByKey(rule, '20260406T1000');
    expect(found && formatInZone(found.start, BERLIN)).toBe('2026-04-06T10:00:00+02:00');
    expect(found && formatInZone(found.end!, BERLIN)).toBe('2026-04-06T11:00:00+02:00');
    expect(found?.key).toBe('20260406T1000');
    expect(occurrenceByKey(rule, '20260407T1000')).toBeNull();
    expect(occurrenceByKey(rule, '20260406T1001')).toBeNull();
    expect(occurrenceByKey(rule, '20251229T1000')).toBeNull();
    expect(occurrenceByKey(rule, '20270104T1000')).toBeNull();
    expect(occurrenceByKey(rule, 'garbage')).toBeNull();
    expect(occurrenceByKey(rule, '20260230T1000')).toBeNull();
  });

  it('finds the occurrence moved by a gap under its moved key', () => {
    const gap = series('2026-03-22T02:30', { frequency: 'weekly' });
    expect(occurrenceByKey(gap, '20260329T0330')?.start.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(occurrenceByKey(gap, '20260329T0230')).toBeNull();
  });

  it('gives the single appointment by its key', () => {
    const single = series('2026-05-04T10:00', { frequency: 'never' });
    expect(occurrenceByKey(single, '20260504T1000')?.start).toEqual(single.start);
    expect(occurrenceByKey(single, '20260511T1000')).toBeNull();
  });

  it('steps to the next and previous occurrence, strictly', () => {
    const april6 = zonedInstant('2026-04-06T10:00', BERLIN);
    expect(nextOccurrence(rule, april6)?.key).toBe('20260413T1000');
    expect(previousOccurrence(rule, april6)?.key).toBe('20260330T1000');
    expect(nextOccurrence(rule, new Date(april6.getTime() - 1))?.key).toBe('20260406T1000');
    expect(nextOccurrence(rule, at('2020-01-01T00:00Z'))?.key).toBe('20260105T1000');
    expect(previousOccurrence(rule, rule.start)).toBeNull();
    expect(nextOccurrence(rule, zonedInstant('2026-12-28T10:00', BERLIN))).toBeNull();
    expect(previousOccurrence(rule, at('2030-01-01T00:00Z'))?.key).toBe('20261228T1000');
    const forever = { ...rule, until: null };
    // A hundred years on, still a Monday.
    expect(nextOccurrence(forever, at('2126-01-01T00:00Z'))?.key).toBe('21260107T1000');
  });

  it('skips missing month days when stepping', () => {
    const monthly = series('2026-01-31T09:00', { frequency: 'monthly' });
    expect(nextOccurrence(monthly, monthly.start)?.key).toBe('20260331T0900');
    expect(previousOccurrence(monthly, zonedInstant('2026-05-01', BERLIN))?.key).toBe('20260331T0900');
  });

  it('treats a single appointment as a series of one', () => {
    const single = series('2026-05-04T10:00', { frequency: 'never' });
    expect(nextOccurrence(single, at('2026-05-01T00:00Z'))?.start).toEqual(single.start);
    expect(nextOccurrence(single, single.start)).toBeNull();
    expect(previousOccurrence(single, at('2026-06-01T00:00Z'))?.start).toEqual(single.start);
  });
});

describe('lastOccurrenceEnd', () => {
  it('is the end of the last occurrence not after until', () => {
    const rule = series('2026-01-05T10:00', { frequency: 'weekly', until: '2026-12-31' });
    expect(formatInZone(lastOccurrenceEnd(rule)!, BERLIN)).toBe('2026-12-28T11:00:00+01:00');
    const noEnd = { ...rule, end: null };
    expect(formatInZone(lastOccurrenceEnd(noEnd)!, BERLIN)).toBe('2026-12-28T10:00:00+01:00');
  });

  it('is null for a series without until and the own end for a single appointment', () => {
    expect(lastOccurrenceEnd(series('2026-01-05T10:00', { frequency: 'daily' }))).toBeNull();
    const single = series('2026-01-05T10:00', { frequency: 'never' });
    expect(lastOccurrenceEnd(single)).toEqual(single.end);
    expect(lastOccurrenceEnd({ ...single, end: null })).toEqual(single.start);
  });

  it('counts the first occurrence even with until before it', () => {
    const rule = series('2026-01-05T10:00', { frequency: 'daily', until: '2026-01-01' });
    expect(lastOccurrenceEnd(rule)).toEqual(rule.end);
    expect(between(rule, '2026-01-01', '2026-02-01')).toEqual(['2026-01-05T10:00:00+01:00']);
  });
});

describe('toRRule', () => {
  it('writes FREQ, INTERVAL when above 1 and UNTIL in UTC for timed series', () => {
    expect(toRRule(series('2026-01-05T10:00', { frequency: 'never' }))).toBeNull();
    expect(toRRule(series('2026-01-05T10:00', { frequency: 'daily' }))).toBe('FREQ=DAILY');
    expect(toRRule(series('2026-01-05T10:00', { frequency: 'yearly' }))).toBe('FREQ=YEARLY');
    expect(
      toRRule(
        series('2026-01-05T10:00', { frequency: 'custom', unit: 'weekly', interval: 2, until: '2027-01-01T01:00' }),
      ),
    ).toBe('FREQ=WEEKLY;INTERVAL=2;UNTIL=20270101T000000Z');
    expect(toRRule(series('2026-01-05T10:00', { frequency: 'custom', unit: 'monthly', interval: 3 }))).toBe(
      'FREQ=MONTHLY;INTERVAL=3',
    );
  });

  it('writes UNTIL as the local date for all-day series', () => {
    const rule = series('2026-01-05', {
      allDay: true,
      frequency: 'daily',
      end: '2026-01-06',
      until: '2026-02-01T23:59:59',
    });
    expect(toRRule(rule)).toBe('FREQ=DAILY;UNTIL=20260201');
  });
});

import type { RecurrenceFrequency, RecurrenceUnit } from '@agora/contracts';
import * as rrulePackage from 'rrule';
import { describe, expect, it } from 'vitest';
import { occurrencesBetween, type SeriesRule } from '../recurrence.ts';
import { DAY, HOUR, MINUTE, daysFromCivil, formatLocalKey } from './civil.ts';
import { toInstant, toLocal } from './zone-time.ts';

// rrule ships a UMD bundle as its main file: Node's ESM sees only a default export.
const { RRule } = (rrulePackage as unknown as { default?: typeof rrulePackage }).default ?? rrulePackage;

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const FREQUENCIES: RecurrenceFrequency[] = ['daily', 'weekly', 'monthly', 'yearly', 'custom'];
const UNITS: RecurrenceUnit[] = ['daily', 'weekly', 'monthly', 'yearly'];
const RRULE_FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY };

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

/**
 * A floating local time between 05:00 and 23:59, where no zone of the list changes its clock,
 * so that comparing wall-clock times in floating time and instants in the zone agree.
 */
function localTime(pick: (n: number) => number, fromYear: number, years: number, day?: number): number {
  const year = fromYear + pick(years);
  const month = 1 + pick(12);
  const dayOfMonth = day ?? 1 + pick(28);
  return daysFromCivil(year, month, dayOfMonth) * DAY + (5 + pick(19)) * HOUR + pick(4) * 15 * MINUTE;
}

describe('occurrencesBetween agrees with the rrule package', () => {
  it('gives the same starts for a few hundred random rules (floating comparison)', () => {
    const pick = random(20261121);
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const zone = ZONES[pick(ZONES.length)]!;
      const frequency = FREQUENCIES[pick(FREQUENCIES.length)]!;
      const unit = UNITS[pick(UNITS.length)]!;
      const interval = pick(4) === 0 ? 1 + pick(5) : 1;
      // Month ends now and then, to check the skipping of months without the day.
      const startLocal = localTime(pick, 2010, 15, pick(5) === 0 ? 29 + pick(3) : undefined);
      const untilLocal = pick(3) === 0 ? null : startLocal + pick(4000) * DAY + pick(19) * HOUR;
      const rule: SeriesRule = {
        start: new Date(toInstant(zone, startLocal)),
        end: null,
        allDay: false,
        timeZone: zone,
        frequency,
        interval,
        unit,
        until: untilLocal === null ? null : new Date(toInstant(zone, untilLocal)),
      };
      const fromLocal = startLocal + (pick(4) - 1) * 365 * DAY + pick(365) * DAY;
      const toLocalTime = fromLocal + (1 + pick(120)) * DAY + pick(19) * HOUR;

      const ours = occurrencesBetween(
        rule,
        new Date(toInstant(zone, fromLocal)),
        new Date(toInstant(zone, toLocalTime)),
      );
      const theirs = new RRule({
        freq: RRULE_FREQ[frequency === 'custom' ? unit : (frequency as RecurrenceUnit)],
        interval,
        dtstart: new Date(startLocal),
        until: untilLocal === null ? null : new Date(untilLocal),
      }).between(new Date(fromLocal), new Date(toLocalTime - 1), true);

      const label = `${zone} ${frequency}/${unit}x${interval} from ${formatLocalKey(startLocal)}`;
      expect(
        ours.map((o) => formatLocalKey(toLocal(zone, o.start.getTime()))),
        label,
      ).toEqual(theirs.map((d) => formatLocalKey(d.getTime())));
      expect(
        ours.map((o) => o.key),
        label,
      ).toEqual(theirs.map((d) => formatLocalKey(d.getTime())));
      compared += ours.length;
    }
    // The rules must have produced something to compare.
    expect(compared).toBeGreaterThan(1000);
  });

  it('gives the same instants as rrule in UTC', () => {
    const pick = random(7);
    for (let i = 0; i < 100; i++) {
      const frequency = FREQUENCIES[pick(4)]!;
      const start = Date.UTC(2015 + pick(10), pick(12), 1 + pick(31), pick(24), pick(60));
      const rule: SeriesRule = {
        start: new Date(start),
        end: null,
        allDay: false,
        timeZone: 'UTC',
        frequency,
        interval: 1 + pick(3),
        unit: 'daily',
        until: null,
      };
      const from = start + pick(2000) * DAY;
      const to = from + (1 + pick(100)) * DAY;
      const theirs = new RRule({
        freq: RRULE_FREQ[frequency as RecurrenceUnit],
        interval: rule.interval,
        dtstart: new Date(start),
      }).between(new Date(from), new Date(to - 1), true);
      expect(occurrencesBetween(rule, new Date(from), new Date(to)).map((o) => o.start.getTime())).toEqual(
        theirs.map((d) => d.getTime()),
      );
    }
  });
});

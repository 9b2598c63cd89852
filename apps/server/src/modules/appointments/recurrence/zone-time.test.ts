import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { formatInZone, isValidTimeZone, localDate, occurrenceKey, zonedInstant } from '../recurrence.ts';
import { toInstant, toLocal } from './zone-time.ts';

describe('zonedInstant', () => {
  it('reads a wall-clock time in the zone', () => {
    expect(zonedInstant('2026-11-24T10:00', 'Europe/Berlin').toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(zonedInstant('2026-07-24T10:00:30', 'Europe/Berlin').toISOString()).toBe('2026-07-24T08:00:30.000Z');
    expect(zonedInstant('2026-07-24T10:00:30.5', 'America/New_York').toISOString()).toBe('2026-07-24T14:00:30.500Z');
    expect(zonedInstant('2026-07-24', 'Asia/Kolkata').toISOString()).toBe('2026-07-23T18:30:00.000Z');
  });

  it('takes a time with offset or Z as that instant', () => {
    expect(zonedInstant('2026-11-24T10:00:00+05:30', 'Europe/Berlin').toISOString()).toBe('2026-11-24T04:30:00.000Z');
    expect(zonedInstant('2026-11-24T10:00:00-0300', 'Europe/Berlin').toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(zonedInstant('2026-11-24T10:00Z', 'Europe/Berlin').toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('reads missing times with the offset before the gap and doubled ones as the first', () => {
    expect(zonedInstant('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-10-25T02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedInstant('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('gives an Invalid Date for impossible fields, malformed text and unknown zones', () => {
    for (const [text, zone] of [
      ['2026-02-30', 'Europe/Berlin'],
      ['2026-13-01T10:00', 'Europe/Berlin'],
      ['2026-01-01T24:00', 'Europe/Berlin'],
      ['2026-01-01T10:60', 'Europe/Berlin'],
      ['yesterday', 'Europe/Berlin'],
      ['2026-01-01T10:00', 'Mars/Olympus'],
    ] as const)
      expect(Number.isNaN(zonedInstant(text, zone).getTime()), text).toBe(true);
  });
});

describe('formatInZone, localDate, occurrenceKey', () => {
  it('writes ISO 8601 with the offset in force', () => {
    expect(formatInZone(new Date('2026-11-24T09:00:00Z'), 'Europe/Berlin')).toBe('2026-11-24T10:00:00+01:00');
    expect(formatInZone(new Date('2026-07-24T08:00:00Z'), 'Europe/Berlin')).toBe('2026-07-24T10:00:00+02:00');
    expect(formatInZone(new Date('2026-07-24T08:00:00Z'), 'UTC')).toBe('2026-07-24T08:00:00+00:00');
    expect(formatInZone(new Date('2026-07-24T08:00:00.250Z'), 'Asia/Kolkata')).toBe('2026-07-24T13:30:00.250+05:30');
    expect(formatInZone(new Date('2026-07-24T08:00:00Z'), 'America/St_Johns')).toBe('2026-07-24T05:30:00-02:30');
  });

  it('round-trips through zonedInstant', () => {
    for (let i = 0; i < 500; i++) {
      const instant = new Date(Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 40 * 365) * 86_400_000 + i * 60_000);
      for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'])
        expect(zonedInstant(formatInZone(instant, zone), 'UTC').getTime()).toBe(instant.getTime());
    }
  });

  it('gives the local day and the occurrence key', () => {
    const instant = new Date('2026-11-24T23:30:00Z');
    expect(localDate(instant, 'Europe/Berlin')).toBe('2026-11-25');
    expect(localDate(instant, 'America/New_York')).toBe('2026-11-24');
    expect(occurrenceKey(instant, 'Europe/Berlin')).toBe('20261125T0030');
    expect(occurrenceKey(instant, 'America/New_York')).toBe('20261124T1830');
  });

  it('refuses unknown zones and invalid dates', () => {
    expect(() => formatInZone(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => formatInZone(new Date(NaN), 'Europe/Berlin')).toThrow(RangeError);
    expect(() => localDate(new Date(NaN), 'Europe/Berlin')).toThrow(RangeError);
    expect(() => occurrenceKey(new Date(NaN), 'Europe/Berlin')).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones spelled as the database spells them', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'Etc/GMT+1', 'Asia/Kolkata', 'Europe/Kyiv'])
      expect(isValidTimeZone(zone), zone).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
  });

  it('refuses offsets, other spellings, blanks and inventions', () => {
    for (const zone of ['+01:00', 'europe/berlin', 'EUROPE/BERLIN', '', ' Europe/Berlin', 'Mars/Olympus', 'CEST'])
      expect(isValidTimeZone(zone), zone).toBe(false);
  });
});

describe('the cached zone offsets', () => {
  it('agree with the zone data at random instants, transitions included', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Africa/Casablanca',
      'America/Sao_Paulo',
    ];
    for (const zone of zones) {
      for (let i = 0; i < 400; i++) {
        const instant = Date.UTC(1990, 0, 1) + Math.floor((Math.random() * 50 * 365 * 86_400_000) / 60_000) * 60_000;
        expect(toLocal(zone, instant) - instant, `${zone} ${new Date(instant).toISOString()}`).toBe(
          Math.round(tzOffset(zone, new Date(instant)) * 60_000),
        );
      }
    }
  });

  it('convert local times back to the instant they came from, except the second of a doubled time', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
      for (let i = 0; i < 400; i++) {
        const instant = Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 30 * 365 * 1440) * 60_000;
        const back = toInstant(zone, toLocal(zone, instant));
        // A doubled wall-clock time maps to its first instant, up to an hour earlier.
        if (back !== instant) expect(instant - back).toBeLessThanOrEqual(60 * 60_000);
        expect(toLocal(zone, back)).toBe(toLocal(zone, instant));
      }
    }
  });

  it('find the exact second of a transition', () => {
    const change = Date.UTC(2026, 2, 29, 1, 0, 0);
    expect(toLocal('Europe/Berlin', change - 1000) - (change - 1000)).toBe(3_600_000);
    expect(toLocal('Europe/Berlin', change) - change).toBe(7_200_000);
    // Lord Howe moves by half an hour at 02:00 local (15:00 UTC).
    const lordHowe = Date.UTC(2026, 9, 3, 15, 30, 0);
    expect(toLocal('Australia/Lord_Howe', lordHowe - 1000) - (lordHowe - 1000)).toBe(10.5 * 3_600_000);
    expect(toLocal('Australia/Lord_Howe', lordHowe) - lordHowe).toBe(11 * 3_600_000);
  });
});

import { describe, expect, it } from 'vitest';
import { browserTimeZone, isListedTimeZone, listedTimeZones, timeZoneLabel } from './time-zones.ts';

describe('listedTimeZones', () => {
  it('leaves out Etc/ entries and all-uppercase short names', () => {
    const all = ['Europe/Berlin', 'Etc/GMT+1', 'UTC', 'GMT', 'EST5EDT', 'PRC', 'America/New_York', 'Cuba', 'W-SU'];
    expect(listedTimeZones(all)).toEqual(['America/New_York', 'Cuba', 'Europe/Berlin']);
  });

  it('lists the zones of this runtime, sorted', () => {
    const zones = listedTimeZones();
    expect(zones).toContain('Europe/Berlin');
    expect(zones.every(isListedTimeZone)).toBe(true);
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('knows the browser zone and writes names readably', () => {
    expect(browserTimeZone()).toBeTruthy();
    expect(timeZoneLabel('America/Port_of_Spain')).toBe('America/Port of Spain');
  });
});

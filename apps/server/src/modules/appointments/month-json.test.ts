import { describe, expect, it } from 'vitest';
import { jsonBuffer, listItemWriter, sharedListFields } from './month-json.ts';
import type { MonthRow } from './range-repository.ts';
import { zonedInstant } from './recurrence.ts';
import { presentDate, presentDateJson } from './times.ts';

const at = (local: string, zone = 'Europe/Berlin') => zonedInstant(local, zone);

describe('presentDateJson', () => {
  const cases: Array<[string, Date, Date | null, boolean, string]> = [
    ['timed', at('2026-12-01T10:00'), at('2026-12-01T11:00'), false, 'Europe/Berlin'],
    ['without end', at('2026-12-01T10:00'), null, false, 'Europe/Berlin'],
    ['over midnight', at('2026-12-01T22:00'), at('2026-12-02T01:30'), false, 'Europe/Berlin'],
    ['ending at midnight', at('2026-12-01T22:00'), at('2026-12-02T00:00'), false, 'Europe/Berlin'],
    ['with seconds and milliseconds', at('2026-12-01T10:00:05.250'), at('2026-12-01T10:00:06'), false, 'UTC'],
    ['all-day', at('2026-12-01'), at('2026-12-02'), true, 'Europe/Berlin'],
    ['all-day over days', at('2026-12-01'), at('2026-12-04'), true, 'Europe/Berlin'],
    ['across a DST change', at('2026-10-24T12:00'), at('2026-10-25T12:00'), false, 'Europe/Berlin'],
    [
      'west of UTC',
      at('2026-03-08T01:30', 'America/New_York'),
      at('2026-03-08T03:30', 'America/New_York'),
      false,
      'America/New_York',
    ],
    ['half-hour offset', at('2026-06-01T09:00', 'Asia/Kolkata'), null, true, 'Asia/Kolkata'],
  ];

  it.each(cases)('writes what presentDate answers (%s)', (_name, start, end, allDay, zone) => {
    const json = presentDateJson(start, end, allDay, { name: zone, json: JSON.stringify(zone) });
    expect(JSON.parse(json)).toStrictEqual(presentDate(start, end, allDay, zone));
  });
});

describe('listItemWriter', () => {
  const row: MonthRow = {
    id: '0123456789abcdef01234567',
    kind: 'appointment',
    seriesId: null,
    originalStart: null,
    name: 'Say "hi" \\ to <everyone> \u2028 ✓',
    startsAt: at('2026-12-01T10:00'),
    endsAt: at('2026-12-01T11:00'),
    allDay: false,
    timeZone: 'Europe/Berlin',
    recurrenceFrequency: 'weekly',
    recurrenceInterval: 1,
    recurrenceUnit: 'daily',
    recurrenceEndTime: null,
    canceled: true,
    locationName: null,
    hasMeeting: true,
    calendarIds: ['aaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbb'],
    seriesTimeZone: null,
  };

  it('writes a list item of the contract, text escaped', () => {
    const calendars = { ids: ['bbbbbbbbbbbbbbbbbbbbbbbb'], color: 'ff0000' };
    const write = listItemWriter(row, true, calendars);
    const id = 'r-0123456789abcdef01234567-20261208T1000';
    const start = at('2026-12-08T10:00');
    const end = at('2026-12-08T11:00');
    expect(JSON.parse(write(id, start, end))).toStrictEqual({
      id,
      path: `/appointments/${id}`,
      date: presentDate(start, end, false, 'Europe/Berlin'),
      ...sharedListFields(row, true, calendars),
    });
    expect(JSON.parse(write(id, start, end))).toMatchObject({
      name: row.name,
      type: 'virtual_appointment',
      calendar_ids: calendars.ids,
      color: 'ff0000',
      recurring: true,
      canceled: true,
      location_name: null,
      has_meeting: true,
    });
  });

  it('names single appointments as such', () => {
    const single = { ...row, recurrenceFrequency: 'never' as const, locationName: 'Room "A"' };
    const item = JSON.parse(listItemWriter(single, false, { ids: [], color: '' })(row.id, row.startsAt, null));
    expect(item).toMatchObject({ type: 'appointment', recurring: false, location_name: 'Room "A"' });
    expect(item.date).toEqual(presentDate(row.startsAt, null, false, 'Europe/Berlin'));
  });
});

describe('jsonBuffer', () => {
  it('encodes head, items and tail as UTF-8 in one buffer of the exact size', () => {
    const items = ['{"a":"ä"}', '{"b":"😀"}', '{"c":"plain"}'];
    const buffer = jsonBuffer('[', items, ']');
    expect(buffer.toString('utf8')).toBe(`[${items.join(',')}]`);
    expect(buffer.length).toBe(Buffer.byteLength(`[${items.join(',')}]`));
    expect(jsonBuffer('{"x":[', [], ']}').toString()).toBe('{"x":[]}');
  });
});

import { describe, expect, it } from 'vitest';
import { appointmentBodySchema, appointmentsMonthQuerySchema } from './appointment.ts';
import { isRealLocalDateTime } from './dates.ts';

describe('isRealLocalDateTime', () => {
  it.each([
    '2026-02-28',
    '2028-02-29',
    '2000-02-29',
    '2026-12-31T23:59',
    '2026-12-31T23:59:59.999',
    '2026-01-01T00:00Z',
    '2026-01-01T00:00+14:00',
    '2026-01-01T00:00-0930',
  ])('takes %s', (value) => expect(isRealLocalDateTime(value)).toBe(true));

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-02-30T10:00',
    '2026-04-31',
    '2026-00-10',
    '2026-13-01',
    '2026-01-00',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
    '2026-01-01T10:00:60',
    '2026-01-01T10:00+01:75',
    '2026-01-01T10:00+24:00',
    'tomorrow',
  ])('refuses %s', (value) => expect(isRealLocalDateTime(value)).toBe(false));
});

describe('the appointment form schema', () => {
  const body = (date: Record<string, unknown>) => ({
    appointment: {
      name: 'x',
      calendar_ids: ['0123456789abcdef01234567'],
      date: { start: '2026-12-01T10:00', end: null, time_zone: 'Europe/Berlin', ...date },
    },
  });

  it('refuses a day that does not exist, once, as invalid', () => {
    const parsed = appointmentBodySchema.safeParse(body({ start: '2026-02-30T10:00' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['appointment.date.start', 'invalid'],
    ]);
    const malformed = appointmentBodySchema.safeParse(body({ end: 'soon' }));
    expect(malformed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['appointment.date.end', 'invalid'],
    ]);
    expect(appointmentBodySchema.safeParse(body({ start: '2028-02-29T10:00' })).success).toBe(true);
  });

  it('asks for no month that does not exist', () => {
    expect(appointmentsMonthQuerySchema.safeParse({ date: '2026-13-01' }).success).toBe(false);
    expect(appointmentsMonthQuerySchema.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(appointmentsMonthQuerySchema.safeParse({ date: '2026-02-28' }).success).toBe(true);
  });
});

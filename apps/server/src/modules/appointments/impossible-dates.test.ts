import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFieldsSchema, type AppointmentFields } from '@agora/contracts';
import { HttpError } from '../../platform/errors.ts';
import { appointmentBody, appointmentsApi, appointmentsWorld, createTestApp, type TestApp } from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
});
afterAll(() => t.close());

const weekly = { recurrence_frequency: 'weekly' as const };

describe('days and times that do not exist', () => {
  it('are refused with 422 invalid, on every date field of the form', async () => {
    const cases: Array<[Parameters<typeof appointmentBody>[1], Record<string, string[]>]> = [
      [{ date: { start: '2026-02-30', end: null, all_day: true } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-02-30T10:00', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2027-02-29T10:00', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-13-01T10:00', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-12-01T24:00', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-12-01T10:60', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-12-01T10:00:60', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-12-01T10:00+01:75', end: null } }, { 'date.start': ['invalid'] }],
      [{ date: { start: '2026-04-30T10:00', end: '2026-04-31T11:00' } }, { 'date.end': ['invalid'] }],
      [{ date: { start: '2026-04-30', end: '2026-04-31', all_day: true } }, { 'date.end': ['invalid'] }],
      [
        { recurrence_pattern: { ...weekly, recurrence_end_time: '2027-02-29' } },
        { 'recurrence_pattern.recurrence_end_time': ['invalid'] },
      ],
      [
        { recurrence_pattern: { ...weekly, recurrence_end_time: '2027-06-31T10:00' } },
        { 'recurrence_pattern.recurrence_end_time': ['invalid'] },
      ],
      [
        { application_configuration: { registration_required: true, registration_deadline: '2026-11-31T12:00' } },
        { 'application_configuration.registration_deadline': ['invalid'] },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const response = await api.create(w.author.session, appointmentBody([w.authorCalendar], overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ errors });
    }
    // A leap day is a real day.
    const leap = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { date: { start: '2028-02-29T10:00', end: '2028-02-29T23:59:59' } }),
    );
    expect(leap.statusCode, leap.body).toBe(201);
  });

  it('are refused on update too', async () => {
    const created = await api.create(w.author.session, appointmentBody([w.authorCalendar]));
    const { id } = created.json<{ id: string }>();
    const response = await api.update(
      w.author.session,
      id,
      appointmentBody([w.authorCalendar], { date: { start: '2026-09-31T10:00', end: null } }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'date.start': ['invalid'] } });
  });

  it('are refused by the service itself, for callers that bypass the contract', async () => {
    const valid = appointmentFieldsSchema.parse(appointmentBody([w.authorCalendar]).appointment);
    const impossible = (change: (fields: AppointmentFields) => void) => {
      const fields = structuredClone(valid);
      change(fields);
      return t.services.appointments.createFromFields(w.author.actor, fields).then(
        () => null,
        (error: unknown) => (error instanceof HttpError ? error.body : error),
      );
    };
    expect(await impossible((f) => (f.date.start = '2026-02-30T10:00'))).toEqual({
      errors: { 'date.start': ['invalid'] },
    });
    expect(await impossible((f) => (f.date.end = '2026-12-01T25:00'))).toEqual({
      errors: { 'date.end': ['invalid'] },
    });
    expect(
      await impossible((f) => {
        f.recurrence_pattern = {
          ...f.recurrence_pattern,
          recurrence_frequency: 'daily',
          recurrence_end_time: '2027-02-29',
        };
      }),
    ).toEqual({ errors: { 'recurrence_pattern.recurrence_end_time': ['invalid'] } });
    expect(
      await impossible((f) => {
        f.application_configuration.registration_required = true;
        f.application_configuration.registration_deadline = '2026-11-31';
      }),
    ).toEqual({ errors: { 'application_configuration.registration_deadline': ['invalid'] } });
  });

  it('ask for no month that does not exist', async () => {
    const response = await t.app.inject({
      url: '/appointments?date=2026-13-01&type=month',
      headers: w.author.session.headers,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { date: ['invalid'] } });
  });
});

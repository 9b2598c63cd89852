import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentMonth, CalendarContext, CalendarList } from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;
let anna: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  anna = await signIn(t.app, 'anna.admin@example.com', DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = async <T>(url: string, session = anna): Promise<T> => {
  const response = await t.app.inject({ url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const today = () => new Date().toISOString().slice(0, 10);

describe('the demo calendars', () => {
  it('has calendars of every type, as Anna sees them', async () => {
    const { calendars } = await get<CalendarList>('/calendars');
    expect(new Set(calendars.map((c) => c.type))).toEqual(new Set(['network', 'group', 'personal', 'shared']));
    expect(calendars.find((c) => c.type === 'shared')!.name).toBe('Urlaube Max');
  });

  it('fills this month with single, all-day and recurring appointments', async () => {
    const month = await get<AppointmentMonth>(`/appointments?date=${today()}&view=sheet&type=month`);
    expect(month.appointments.length).toBeGreaterThan(20);
    expect(month.appointments.some((a) => a.recurring)).toBe(true);
    expect(month.appointments.some((a) => a.date.all_day)).toBe(true);
    expect(month.appointments.some((a) => !a.recurring && !a.date.all_day)).toBe(true);
  });

  it('gives Anna a feed token, and Max none until he makes one', async () => {
    expect((await get<CalendarContext>('/api/v1/calendars/context')).member.authentication_token).toMatch(
      /^[\w-]{20,}$/,
    );
    const max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
    expect((await get<CalendarContext>('/api/v1/calendars/context', max)).member.authentication_token).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentCategory } from '@agora/contracts';
import type { Session } from '../../testing/index.ts';
import { appointmentBody, appointmentsApi, appointmentsWorld, createTestApp, type TestApp } from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
});
afterAll(() => t.close());

const URL = '/administration/appointment_categories';
type Entry = { id: string; label: string; _destroy?: boolean };

const save = (session: Session | null, categories: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: URL,
    headers: session?.headers ?? { accept: 'application/json' },
    payload: { categories } as object,
  });

async function list(session: Session = w.author.session): Promise<AppointmentCategory[]> {
  return (await t.app.inject({ url: '/appointments/categories', headers: session.headers })).json();
}

async function saved(categories: Entry[]): Promise<AppointmentCategory[]> {
  const response = await save(w.admin.session, categories);
  if (response.statusCode !== 200) throw new Error(`categories: ${response.statusCode} ${response.body}`);
  return response.json();
}

const asEntries = (rows: AppointmentCategory[]): Entry[] => rows.map((c) => ({ id: c.id, label: c.label }));

describe('PUT /administration/appointment_categories', () => {
  it('walks the ladder: 401, 403, 422, 200', async () => {
    const entries = [{ id: 'Schulung', label: 'Schulung' }];
    expect((await save(null, entries)).statusCode).toBe(401);
    expect((await save(w.author.session, entries)).statusCode).toBe(403);
    const empty = await save(w.admin.session, [{ id: 'x', label: '  ' }]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: { '0.label': ['required'] } });
    const long = await save(w.admin.session, [{ id: 'x', label: 'x'.repeat(101) }]);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { '0.label': ['too_long'] } });
    const response = await save(w.admin.session, entries);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{24}$/), label: 'Schulung' }]);
    expect(await list()).toEqual(response.json());
  });

  it('refuses a label twice (case ignored) with duplicated_category and changes nothing', async () => {
    const before = await list();
    const twice = await save(w.admin.session, [...asEntries(before), { id: 'SCHULUNG ', label: 'SCHULUNG ' }]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({ errors: { label: ['duplicated_category'] } });
    const newTwice = await save(w.admin.session, [
      { id: 'Messe', label: 'Messe' },
      { id: 'messe', label: 'messe' },
    ]);
    expect(newTwice.json()).toEqual({ errors: { label: ['duplicated_category'] } });
    expect(await list()).toEqual(before);
  });

  it('adds, renames, orders and deletes in one call; a deleted category leaves its appointments', async () => {
    const start = await saved([
      { id: 'Betriebsversammlung', label: 'Betriebsversammlung' },
      { id: 'Sport', label: 'Sport' },
      ...asEntries(await list()),
    ]);
    const sport = start.find((c) => c.label === 'Sport')!;
    const created = await appointmentsApi(t).create(
      w.author.session,
      appointmentBody([w.authorCalendar], { category_id: sport.id }),
    );
    expect(created.statusCode).toBe(201);
    const appointment = created.json<Appointment>();
    expect(appointment.category).toEqual(sport);

    const next = await saved([
      { id: 'Feier', label: 'Feier' },
      ...start.map((c) =>
        c.label === 'Sport'
          ? { id: c.id, label: c.label, _destroy: true }
          : { id: c.id, label: c.label === 'Schulung' ? 'Weiterbildung' : c.label },
      ),
      // A new one deleted before it was saved is nothing.
      { id: 'Entwurf', label: 'Entwurf', _destroy: true },
    ]);
    expect(next.map((c) => c.label)).toEqual(['Feier', 'Betriebsversammlung', 'Weiterbildung']);
    expect(next.find((c) => c.label === 'Weiterbildung')!.id).toBe(start.find((c) => c.label === 'Schulung')!.id);
    expect(await list(w.external.session)).toEqual(next);
    const detail = (await appointmentsApi(t).get(w.author.session, appointment.id)).json<Appointment>();
    expect(detail.category).toBeNull();
    // The appointment can be saved again as it is now.
    const resaved = await appointmentsApi(t).update(
      w.author.session,
      appointment.id,
      appointmentBody([w.authorCalendar], { name: 'Lauftreff' }),
    );
    expect(resaved.statusCode).toBe(200);
  });

  it('swaps two labels, and keeps categories the list leaves out', async () => {
    const [a, b, ...rest] = await list();
    const swapped = await saved([
      { id: a!.id, label: b!.label },
      { id: b!.id, label: a!.label },
    ]);
    expect(swapped.slice(0, 2)).toEqual([
      { id: a!.id, label: b!.label },
      { id: b!.id, label: a!.label },
    ]);
    expect(swapped.slice(2)).toEqual(rest);
  });
});

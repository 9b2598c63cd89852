import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarContext } from '@agora/contracts';
import { createTestApp, type Session, type TestApp } from '../../testing/index.ts';
import { calendarWorld, createCalendar, type CalendarWorld } from './test-support.ts';

let t: TestApp;
let w: CalendarWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

async function contextOf(world: CalendarWorld, session: Session, groupSlug?: string): Promise<CalendarContext> {
  const query = groupSlug ? `?group_slug=${groupSlug}` : '';
  const response = await world.request('GET', `/api/v1/calendars/context${query}`, session);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json<CalendarContext>();
}

describe('GET /api/v1/calendars/context', () => {
  it('answers 401 to an anonymous request', async () => {
    expect((await w.request('GET', '/api/v1/calendars/context')).statusCode).toBe(401);
  });

  it('tells a member what they may make, with the network configuration', async () => {
    const { session } = await w.member();
    expect(await contextOf(w, session)).toEqual({
      network: {
        can: { create_calendars: false, create_appointments: false, create_meetings: false },
        config: { retroactive_opting: false, default_lock_period_days: 7 },
      },
      member: { can: { create_personal_calendars: true, see_teams_event_options: false }, authentication_token: null },
      group: null,
    });
    // With a calendar of one's own, there is somewhere to put appointments.
    await createCalendar(w, session);
    expect((await contextOf(w, session)).network.can.create_appointments).toBe(true);
  });

  it('lets network admins make calendars and appointments; guests neither', async () => {
    const admin = await w.member({ admin: true });
    expect((await contextOf(w, admin.session)).network.can).toEqual({
      create_calendars: true,
      create_appointments: true,
      create_meetings: false,
    });
    const guest = await w.member({ external: true });
    const context = await contextOf(w, guest.session);
    expect(context.member.can.create_personal_calendars).toBe(false);
    expect(context.network.can.create_appointments).toBe(false);
  });

  it('reads the configuration from the network settings', async () => {
    const world = await calendarWorld(t, { appointments_retroactive_opting: true, default_lock_period_days: 3 });
    const { session } = await world.member();
    expect((await contextOf(world, session)).network.config).toEqual({
      retroactive_opting: true,
      default_lock_period_days: 3,
    });
  });

  it('answers for a group: its admins make calendars, its members appointments', async () => {
    const group = await w.group({ access: 'open' });
    const groupAdmin = await w.member();
    const member = await w.member();
    const outsider = await w.member();
    await w.join(group.id, groupAdmin.membership.id, 'admin');
    await w.join(group.id, member.membership.id);

    const named = { id: group.id, slug: group.slug, name: group.name };
    expect((await contextOf(w, groupAdmin.session, group.slug)).group).toEqual({
      ...named,
      can: { create_calendars: true, create_appointments: true },
    });
    expect((await contextOf(w, member.session, group.slug)).group).toEqual({
      ...named,
      can: { create_calendars: false, create_appointments: true },
    });
    const asOutsider = await contextOf(w, outsider.session, group.slug);
    expect(asOutsider.group).toEqual({ ...named, can: { create_calendars: false, create_appointments: false } });
    // Group appointments count for the network too.
    expect((await contextOf(w, member.session)).network.can.create_appointments).toBe(true);
  });

  it('answers 404 for a group the member may not see', async () => {
    const hidden = await w.group({ access: 'hidden' });
    const { session } = await w.member();
    const query = `/api/v1/calendars/context?group_slug=${hidden.slug}`;
    expect((await w.request('GET', query, session)).statusCode).toBe(404);
    expect((await w.request('GET', '/api/v1/calendars/context?group_slug=nothing', session)).statusCode).toBe(404);
  });

  it("carries the member's feed token", async () => {
    const { session } = await w.member();
    const made = await w.request('POST', '/api/v1/users/authentication_token', session);
    const token = made.json<{ authentication_token: string }>().authentication_token;
    expect((await contextOf(w, session)).member.authentication_token).toBe(token);
  });
});

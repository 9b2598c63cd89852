import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_PALETTE, type Calendar } from '@agora/contracts';
import { createMember, createTestApp, type TestApp } from '../../testing/index.ts';
import { calendarBody, calendarWorld, createCalendar, listed, type CalendarWorld } from './test-support.ts';

let t: TestApp;
let w: CalendarWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const defaultCalendarOf = async (world: CalendarWorld, groupId: string) => {
  const { session } = await world.member({ admin: true });
  const calendars = listed(await world.request('GET', '/calendars', session));
  return calendars.find((c) => c.parent_id === groupId && c.is_default)!;
};

describe('GET /calendars', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await w.request('GET', '/calendars');
    expect(response.statusCode).toBe(401);
  });

  it('starts every network with its network calendar, named as the network, which nobody deletes', async () => {
    const world = await calendarWorld(t);
    const { session } = await world.member();
    const [network] = listed(await world.request('GET', '/calendars', session));
    expect(network).toMatchObject({
      type: 'network',
      name: world.network.name,
      is_default: true,
      parent_id: null,
      group: null,
      category_name: null,
      author: null,
      memberships: [],
      can: { update: false, destroy: false, create_appointments: false },
    });
    expect(CALENDAR_PALETTE).toContain(network!.color);

    const { session: admin } = await world.member({ admin: true });
    const [asAdmin] = listed(await world.request('GET', '/calendars', admin));
    expect(asAdmin!.can).toEqual({ update: true, destroy: false, create_appointments: true });
  });

  it('orders network, group (by group name), own personal and shared calendars', async () => {
    const world = await calendarWorld(t);
    const me = await world.member();
    const other = await world.member();
    const zulu = await world.group({ name: 'Zulu' });
    const alpha = await world.group({ name: 'alpha' });
    const { session: admin } = await world.member({ admin: true });
    const extraNetwork = await createCalendar(world, admin, { type: 'network', name: 'Aaa events' });
    const mine = await createCalendar(world, me.session, { name: 'Mine' });
    const shared = await createCalendar(world, other.session, {
      name: 'A shared one',
      membership_ids: [me.membership.id],
    });
    await createCalendar(world, other.session, { name: 'Not shared' });

    const calendars = listed(await world.request('GET', '/calendars', me.session));
    expect(calendars.map((c) => [c.type, c.name])).toEqual([
      ['network', world.network.name],
      ['network', 'Aaa events'],
      ['group', 'alpha'],
      ['group', 'Zulu'],
      ['personal', 'Mine'],
      ['shared', 'A shared one'],
    ]);
    expect(calendars.map((c) => c.id)).toEqual([
      expect.any(String),
      extraNetwork.id,
      expect.any(String),
      expect.any(String),
      mine.id,
      shared.id,
    ]);
    expect(calendars[2]).toMatchObject({
      parent_id: alpha.id,
      group: { id: alpha.id, slug: alpha.slug, name: 'alpha' },
      category_name: 'Team',
      is_default: true,
    });
    expect(calendars[3]!.parent_id).toBe(zulu.id);
  });

  it('shows a shared calendar as shared, without its recipients and without rights', async () => {
    const owner = await w.member({ firstName: 'Olga', lastName: 'Owner' });
    const recipient = await w.member({ firstName: 'Rita', lastName: 'Recipient' });
    const calendar = await createCalendar(w, owner.session, {
      name: 'Olga',
      membership_ids: [recipient.membership.id],
    });
    expect(calendar).toMatchObject({
      type: 'personal',
      author: { id: owner.membership.id, name: 'Olga Owner', path: `/members/${owner.membership.id}` },
      memberships: [
        { id: recipient.membership.id, name: 'Rita Recipient', path: `/members/${recipient.membership.id}` },
      ],
      can: { update: true, destroy: true, create_appointments: true },
    });

    const seen = listed(await w.request('GET', '/calendars', recipient.session)).find((c) => c.id === calendar.id);
    expect(seen).toMatchObject({
      type: 'shared',
      author: { id: owner.membership.id, name: 'Olga Owner' },
      memberships: [],
      can: { update: false, destroy: false, create_appointments: false },
    });
  });

  it('keeps the network calendars from guests, who see the groups they belong to', async () => {
    const world = await calendarWorld(t);
    const guest = await world.member({ external: true });
    const open = await world.group({ access: 'open', externallyVisible: true });
    const theirs = await world.group({ access: 'closed' });
    await world.join(theirs.id, guest.membership.id);
    const calendars = listed(await world.request('GET', '/calendars', guest.session));
    expect(calendars.map((c) => c.parent_id)).toEqual([theirs.id]);
    expect(calendars[0]!.can).toEqual({ update: false, destroy: false, create_appointments: true });
    expect(open.id).not.toBe(theirs.id);
  });
});

describe('group calendars', () => {
  it('are read by every member in an open group, but appointments are made by its members', async () => {
    const group = await w.group({ access: 'open' });
    const outsider = await w.member();
    const insider = await w.member();
    await w.join(group.id, insider.membership.id);
    const calendar = await defaultCalendarOf(w, group.id);

    const asOutsider = await w.request('GET', `/calendars/${calendar.id}`, outsider.session);
    expect(asOutsider.statusCode).toBe(200);
    expect(asOutsider.json<Calendar>().can).toEqual({ update: false, destroy: false, create_appointments: false });
    const asInsider = await w.request('GET', `/calendars/${calendar.id}`, insider.session);
    expect(asInsider.json<Calendar>().can).toEqual({ update: false, destroy: false, create_appointments: true });
  });

  it('of an open group are no guest business unless the guest is a member', async () => {
    const group = await w.group({ access: 'open', externallyVisible: true });
    const calendar = await defaultCalendarOf(w, group.id);
    const guest = await w.member({ external: true });
    expect((await w.request('GET', `/calendars/${calendar.id}`, guest.session)).statusCode).toBe(404);
    await w.join(group.id, guest.membership.id);
    expect((await w.request('GET', `/calendars/${calendar.id}`, guest.session)).statusCode).toBe(200);
  });

  it('of a closed group are for its members and the network admins', async () => {
    const group = await w.group({ access: 'closed' });
    const calendar = await defaultCalendarOf(w, group.id);
    const outsider = await w.member();
    const member = await w.member();
    const groupAdmin = await w.member();
    const networkAdmin = await w.member({ admin: true });
    await w.join(group.id, member.membership.id);
    await w.join(group.id, groupAdmin.membership.id, 'admin');

    expect((await w.request('GET', `/calendars/${calendar.id}`, outsider.session)).statusCode).toBe(404);
    // The group page is visible, its calendars are not.
    const ofGroup = await w.request('GET', `/groups/${group.slug}/calendars`, outsider.session);
    expect(listed(ofGroup)).toEqual([]);

    const canOf = async (session: typeof member.session) =>
      (await w.request('GET', `/calendars/${calendar.id}`, session)).json<Calendar>().can;
    expect(await canOf(member.session)).toEqual({ update: false, destroy: false, create_appointments: true });
    // The group's own calendar goes only with the group.
    expect(await canOf(groupAdmin.session)).toEqual({ update: true, destroy: false, create_appointments: true });
    expect(await canOf(networkAdmin.session)).toEqual({ update: true, destroy: false, create_appointments: true });
  });

  it('of a hidden group do not exist for others; nor does its calendar list', async () => {
    const group = await w.group({ access: 'hidden' });
    const calendar = await defaultCalendarOf(w, group.id);
    const outsider = await w.member();
    expect((await w.request('GET', `/calendars/${calendar.id}`, outsider.session)).statusCode).toBe(404);
    expect((await w.request('GET', `/groups/${group.slug}/calendars`, outsider.session)).statusCode).toBe(404);
    await w.join(group.id, outsider.membership.id);
    expect(listed(await w.request('GET', `/groups/${group.slug}/calendars`, outsider.session))).toHaveLength(1);
  });
});

describe('GET /groups/:slug/calendars', () => {
  it('answers 401, 404 for an unknown group, and the group calendars only', async () => {
    const group = await w.group();
    const other = await w.group();
    const admin = await w.member({ admin: true });
    const extra = await createCalendar(w, admin.session, { type: 'group', parent_id: group.id, name: 'Trainings' });
    expect((await w.request('GET', `/groups/${group.slug}/calendars`)).statusCode).toBe(401);
    expect((await w.request('GET', '/groups/no-such-group/calendars', admin.session)).statusCode).toBe(404);
    const calendars = listed(await w.request('GET', `/groups/${group.slug}/calendars`, admin.session));
    expect(calendars.map((c) => [c.name, c.is_default])).toEqual([
      [group.name, true],
      ['Trainings', false],
    ]);
    expect(calendars[1]!.id).toBe(extra.id);
    expect(calendars.every((c) => c.parent_id === group.id && c.parent_id !== other.id)).toBe(true);
  });
});

describe('GET /calendars/:id', () => {
  it('walks 401, 404 (malformed, unknown, foreign, unshared personal) and 200', async () => {
    const owner = await w.member();
    const other = await w.member();
    const calendar = await createCalendar(w, owner.session, { name: 'Private' });
    expect((await w.request('GET', `/calendars/${calendar.id}`)).statusCode).toBe(401);
    expect((await w.request('GET', '/calendars/not-an-id', owner.session)).statusCode).toBe(404);
    expect((await w.request('GET', '/calendars/aaaaaaaaaaaaaaaaaaaaaaaa', owner.session)).statusCode).toBe(404);
    expect((await w.request('GET', `/calendars/${calendar.id}`, other.session)).statusCode).toBe(404);
    const foreign = await calendarWorld(t);
    const stranger = await foreign.member({ admin: true });
    expect((await foreign.request('GET', `/calendars/${calendar.id}`, stranger.session)).statusCode).toBe(404);

    const response = await w.request('GET', `/calendars/${calendar.id}`, owner.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: calendar.id, name: 'Private', type: 'personal' });
  });
});

describe('POST /calendars', () => {
  it('answers 401 to an anonymous request', async () => {
    expect((await w.request('POST', '/calendars', undefined, calendarBody())).statusCode).toBe(401);
  });

  it('answers 422 with the fields at fault', async () => {
    const { session } = await w.member();
    const post = (values: Record<string, unknown>) =>
      w.request('POST', '/calendars', session, { calendar: { ...calendarBody().calendar, ...values } });
    expect((await post({ name: ' ' })).json()).toEqual({ errors: { name: ['required'] } });
    expect((await post({ color: 'red' })).json()).toEqual({ errors: { color: ['invalid'] } });
    expect((await post({ type: 'shared' })).statusCode).toBe(422);
    expect((await post({ membership_ids: ['nope'] })).json()).toEqual({
      errors: { 'membership_ids.0': ['invalid_id'] },
    });
    const group = await w.group();
    expect((await post({ type: 'group' })).json()).toEqual({ errors: { parent_id: ['required'] } });
    expect((await post({ type: 'personal', parent_id: group.id })).json()).toEqual({
      errors: { parent_id: ['invalid'] },
    });
    const other = await createMember(t.services, w.network.id);
    // Only personal calendars are shared.
    expect((await post({ type: 'network', membership_ids: [other.membership.id] })).json()).toEqual({
      errors: { membership_ids: ['invalid'] },
    });
    const hidden = await w.group({ access: 'hidden' });
    expect((await post({ type: 'group', parent_id: hidden.id })).json()).toEqual({
      errors: { parent_id: ['invalid'] },
    });
    expect((await post({ type: 'group', parent_id: 'bbbbbbbbbbbbbbbbbbbbbbbb' })).json()).toEqual({
      errors: { parent_id: ['invalid'] },
    });
  });

  it('refuses share recipients who are no members of the network, consumers or the owner', async () => {
    const owner = await w.member();
    const consumer = await createMember(t.services, w.network.id, { consumer: true });
    const foreign = await calendarWorld(t);
    const stranger = await foreign.member();
    for (const id of [
      consumer.membership.id,
      owner.membership.id,
      stranger.membership.id,
      'cccccccccccccccccccccccc',
    ]) {
      const response = await w.request('POST', '/calendars', owner.session, calendarBody({ membership_ids: [id] }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: { membership_ids: ['invalid'] } });
    }
  });

  it('answers 403 where the member may not make that calendar', async () => {
    const member = await w.member();
    const guest = await w.member({ external: true });
    const group = await w.group();
    await w.join(group.id, member.membership.id);
    const forbidden = [
      await w.request('POST', '/calendars', member.session, calendarBody({ type: 'network' })),
      await w.request('POST', '/calendars', member.session, calendarBody({ type: 'group', parent_id: group.id })),
      await w.request('POST', '/calendars', guest.session, calendarBody({ type: 'personal' })),
    ];
    expect(forbidden.map((r) => r.statusCode)).toEqual([403, 403, 403]);
  });

  it('makes network calendars for network admins, group calendars for group admins', async () => {
    const admin = await w.member({ admin: true });
    const network = await w.request(
      'POST',
      '/calendars',
      admin.session,
      calendarBody({ type: 'network', name: 'Holidays', color: '#E8590C' }),
    );
    expect(network.statusCode).toBe(201);
    expect(network.json()).toMatchObject({
      type: 'network',
      name: 'Holidays',
      color: 'e8590c',
      is_default: false,
      author: { id: admin.membership.id },
      can: { update: true, destroy: true, create_appointments: true },
    });

    const group = await w.group({ access: 'closed' });
    const groupAdmin = await w.member();
    await w.join(group.id, groupAdmin.membership.id, 'admin');
    const created = await createCalendar(w, groupAdmin.session, { type: 'group', parent_id: group.id, name: 'Shifts' });
    expect(created).toMatchObject({
      type: 'group',
      parent_id: group.id,
      group: { id: group.id, slug: group.slug },
      category_name: 'Team',
      can: { update: true, destroy: true, create_appointments: true },
    });
  });

  it('makes personal calendars shared with members', async () => {
    const owner = await w.member();
    const a = await w.member();
    const guest = await w.member({ external: true });
    const created = await createCalendar(w, owner.session, {
      name: 'Family',
      membership_ids: [a.membership.id, guest.membership.id, a.membership.id],
    });
    expect(created.memberships.map((m) => m.id).sort()).toEqual([a.membership.id, guest.membership.id].sort());
    expect((await w.request('GET', `/calendars/${created.id}`, guest.session)).json()).toMatchObject({
      type: 'shared',
    });
  });
});

describe('PUT /calendars/:id', () => {
  it('walks 401, 404, 422, 403 and 200', async () => {
    const owner = await w.member();
    const recipient = await w.member();
    const outsider = await w.member();
    const calendar = await createCalendar(w, owner.session, { membership_ids: [recipient.membership.id] });
    const put = (session: typeof owner.session | undefined, values: Record<string, unknown> = {}) =>
      w.request('PUT', `/calendars/${calendar.id}`, session, calendarBody({ ...values }));

    expect((await put(undefined)).statusCode).toBe(401);
    expect((await put(outsider.session)).statusCode).toBe(404);
    expect((await w.request('PUT', '/calendars/zzz', owner.session, calendarBody())).statusCode).toBe(404);
    expect((await put(owner.session, { name: '' })).json()).toEqual({ errors: { name: ['required'] } });
    // A recipient reads the calendar but may not change it.
    expect((await put(recipient.session, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await put(owner.session, { type: 'network' })).json()).toEqual({ errors: { type: ['invalid'] } });

    const renamed = await put(owner.session, {
      name: 'Renamed',
      color: '2f9e44',
      membership_ids: [outsider.membership.id],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: calendar.id,
      name: 'Renamed',
      color: '2f9e44',
      memberships: [{ id: outsider.membership.id }],
    });
    // The share moved: the former recipient no longer reads it, the new one does.
    expect((await w.request('GET', `/calendars/${calendar.id}`, recipient.session)).statusCode).toBe(404);
    expect((await w.request('GET', `/calendars/${calendar.id}`, outsider.session)).statusCode).toBe(200);
  });

  it('keeps the type and the group of a calendar', async () => {
    const group = await w.group();
    const other = await w.group();
    const admin = await w.member({ admin: true });
    const calendar = await createCalendar(w, admin.session, { type: 'group', parent_id: group.id });
    const put = (values: Record<string, unknown>) =>
      w.request('PUT', `/calendars/${calendar.id}`, admin.session, calendarBody({ type: 'group', ...values }));
    expect((await put({ parent_id: other.id })).json()).toEqual({ errors: { parent_id: ['invalid'] } });
    expect((await put({ type: 'personal', parent_id: null })).json()).toEqual({ errors: { type: ['invalid'] } });
    const saved = await put({ parent_id: group.id, name: 'Group events' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Group events', parent_id: group.id });
  });

  it('lets only network admins change network calendars', async () => {
    const member = await w.member();
    const admin = await w.member({ admin: true });
    const [networkCalendar] = listed(await w.request('GET', '/calendars', member.session));
    const body = calendarBody({ type: 'network', name: 'Renamed network calendar' });
    expect((await w.request('PUT', `/calendars/${networkCalendar!.id}`, member.session, body)).statusCode).toBe(403);
    const saved = await w.request('PUT', `/calendars/${networkCalendar!.id}`, admin.session, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed network calendar', is_default: true });
  });
});

describe('DELETE /calendars/:id', () => {
  it('walks 401, 404, 403 and 204', async () => {
    const owner = await w.member();
    const recipient = await w.member();
    const outsider = await w.member();
    const calendar = await createCalendar(w, owner.session, { membership_ids: [recipient.membership.id] });
    const url = `/calendars/${calendar.id}`;
    expect((await w.request('DELETE', url)).statusCode).toBe(401);
    expect((await w.request('DELETE', url, outsider.session)).statusCode).toBe(404);
    expect((await w.request('DELETE', url, recipient.session)).statusCode).toBe(403);
    expect((await w.request('DELETE', url, owner.session)).statusCode).toBe(204);
    expect((await w.request('GET', url, owner.session)).statusCode).toBe(404);
    expect((await w.request('DELETE', url, owner.session)).statusCode).toBe(404);
  });

  it('never deletes the calendar a network or group was made with', async () => {
    const group = await w.group();
    const admin = await w.member({ admin: true });
    const calendars = listed(await w.request('GET', '/calendars', admin.session));
    const networkCalendar = calendars.find((c) => c.type === 'network' && c.is_default)!;
    const groupCalendar = calendars.find((c) => c.parent_id === group.id && c.is_default)!;
    expect((await w.request('DELETE', `/calendars/${networkCalendar.id}`, admin.session)).statusCode).toBe(403);
    expect((await w.request('DELETE', `/calendars/${groupCalendar.id}`, admin.session)).statusCode).toBe(403);

    const groupAdmin = await w.member();
    await w.join(group.id, groupAdmin.membership.id, 'admin');
    const extra = await createCalendar(w, groupAdmin.session, { type: 'group', parent_id: group.id });
    expect((await w.request('DELETE', `/calendars/${extra.id}`, groupAdmin.session)).statusCode).toBe(204);
  });
});

describe('DELETE /calendars/:id/share', () => {
  it('lets a recipient drop a calendar shared with them, and nobody else', async () => {
    const owner = await w.member();
    const recipient = await w.member();
    const outsider = await w.member();
    const calendar = await createCalendar(w, owner.session, { membership_ids: [recipient.membership.id] });
    const url = `/calendars/${calendar.id}/share`;

    expect((await w.request('DELETE', url)).statusCode).toBe(401);
    expect((await w.request('DELETE', url, outsider.session)).statusCode).toBe(404);
    // The owner's calendar is not shared with the owner.
    expect((await w.request('DELETE', url, owner.session)).statusCode).toBe(404);
    const [networkCalendar] = listed(await w.request('GET', '/calendars', recipient.session));
    expect((await w.request('DELETE', `/calendars/${networkCalendar!.id}/share`, recipient.session)).statusCode).toBe(
      404,
    );

    expect((await w.request('DELETE', url, recipient.session)).statusCode).toBe(204);
    expect(listed(await w.request('GET', '/calendars', recipient.session)).map((c) => c.id)).not.toContain(calendar.id);
    expect((await w.request('DELETE', url, recipient.session)).statusCode).toBe(404);
    expect((await w.request('GET', `/calendars/${calendar.id}`, owner.session)).json<Calendar>().memberships).toEqual(
      [],
    );
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { statementsDuring } from '../../testing/statements.ts';
import type { StoredEvent } from '../../platform/events/index.ts';
import { CALENDAR_DESTROYED } from './service.ts';
import { calendars as calendarsTable } from './tables.ts';
import { calendarBody, calendarWorld, createCalendar, listed, type CalendarWorld } from './test-support.ts';

let t: TestApp;
let w: CalendarWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

/** How many statements `run` sends to the database. */
const countQueries = async (run: () => Promise<unknown>) => (await statementsDuring(t.database, run)).length;

const defaultsOf = (networkId: string) =>
  t.database.db
    .select()
    .from(calendarsTable)
    .where(and(eq(calendarsTable.networkId, networkId), eq(calendarsTable.isDefault, true)));

describe('default calendars', () => {
  it('come with each network and each group, once, named after them', async () => {
    const world = await calendarWorld(t);
    const [a, b] = await t.services.groups.createGroups(world.network.id, [
      { groupCategoryId: world.category.id, slug: 'a', name: 'Alpha' },
      { groupCategoryId: world.category.id, slug: 'b', name: 'Beta' },
    ]);
    await t.services.events.settled();
    const rows = await defaultsOf(world.network.id);
    expect(rows.map((r) => [r.type, r.name, r.parentId]).sort()).toEqual(
      [
        ['group', 'Alpha', a!.id],
        ['group', 'Beta', b!.id],
        ['network', world.network.name, null],
      ].sort(),
    );

    // Running it again (or for a network made before calendars existed) adds what is missing only.
    await t.database.db.delete(calendarsTable).where(eq(calendarsTable.parentId, b!.id));
    await t.services.calendars.ensureDefaults(world.network.id);
    await t.services.calendars.ensureDefaults(world.network.id);
    const again = await defaultsOf(world.network.id);
    expect(again).toHaveLength(3);
    expect(again.filter((r) => r.parentId === b!.id)).toHaveLength(1);
  });
});

describe('calendars.accessible', () => {
  it('answers the readable calendars with their rights in a constant number of queries', async () => {
    const world = await calendarWorld(t);
    const me = await world.member();
    const open = await world.group({ access: 'open', name: 'Open' });
    await world.group({ access: 'closed', name: 'Closed' });
    const mine = await world.group({ access: 'hidden', name: 'Mine' });
    await world.join(mine.id, me.membership.id, 'admin');

    const list = await t.services.calendars.accessible(me.actor);
    expect(list.map((c) => [c.type, c.name])).toEqual([
      ['network', world.network.name],
      ['group', 'Mine'],
      ['group', 'Open'],
    ]);
    expect(list[1]).toMatchObject({
      parentId: mine.id,
      isDefault: true,
      group: { id: mine.id, slug: mine.slug, name: 'Mine', categoryName: 'Team' },
      can: { read: true, update: true, destroy: false, create_appointments: true },
    });
    expect(list[2]!.can).toEqual({ read: true, update: false, destroy: false, create_appointments: false });
    expect(list[2]!.parentId).toBe(open.id);

    const few = await countQueries(() => t.services.calendars.accessible(me.actor));
    for (let i = 0; i < 8; i++) {
      const group = await world.group({ access: i % 2 ? 'open' : 'closed' });
      await world.join(group.id, me.membership.id);
      await createCalendar(world, me.session, { name: `Personal ${i}` });
    }
    const many = await countQueries(() => t.services.calendars.accessible(me.actor));
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(2);
  });
});

describe('calendars.accessMany', () => {
  it('answers the given calendars of the network, unreadable ones without read', async () => {
    const owner = await w.member();
    const other = await w.member();
    const personal = await createCalendar(w, owner.session);
    const closed = await w.group({ access: 'closed' });
    const [networkCalendar] = listed(await w.request('GET', '/calendars', other.session));
    const closedCalendar = (await t.services.calendars.accessible((await w.member({ admin: true })).actor)).find(
      (c) => c.parentId === closed.id,
    )!;
    const foreign = await calendarWorld(t);
    const [foreignCalendar] = await t.services.calendars.accessible((await foreign.member()).actor);

    const ids = [
      personal.id,
      closedCalendar.id,
      networkCalendar!.id,
      foreignCalendar!.id,
      'dddddddddddddddddddddddd',
      'x',
    ];
    const found = await t.services.calendars.accessMany(other.actor, ids);
    expect([...found.keys()].sort()).toEqual([personal.id, closedCalendar.id, networkCalendar!.id].sort());
    expect(found.get(personal.id)!.can.read).toBe(false);
    expect(found.get(closedCalendar.id)!.can).toEqual({
      read: false,
      update: false,
      destroy: false,
      create_appointments: false,
    });
    expect(found.get(networkCalendar!.id)).toMatchObject({ type: 'network', can: { read: true } });

    const asOwner = await t.services.calendars.accessMany(owner.actor, [personal.id]);
    expect(asOwner.get(personal.id)).toMatchObject({
      type: 'personal',
      ownerId: owner.membership.id,
      can: { read: true, update: true, destroy: true, create_appointments: true },
    });
    expect(await countQueries(() => t.services.calendars.accessMany(owner.actor, ids))).toBeLessThanOrEqual(2);
  });
});

describe('calendar.destroyed', () => {
  const seen: StoredEvent[] = [];

  beforeAll(() => {
    t.services.events.register({
      name: 'test.calendar-destroyed',
      types: [CALENDAR_DESTROYED],
      handle: async (event) => void seen.push(event),
    });
  });

  it('is recorded with the delete and handed to the processors once', async () => {
    const owner = await w.member();
    const calendar = await createCalendar(w, owner.session, { name: 'Going' });
    expect((await w.request('DELETE', `/calendars/${calendar.id}`, owner.session)).statusCode).toBe(204);
    await t.services.events.settled();
    const mine = seen.filter((e) => e.subject.id === calendar.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      networkId: w.network.id,
      actorId: owner.membership.id,
      subject: { type: 'calendar', id: calendar.id },
      changes: { name: 'Going', type: 'personal' },
    });
    expect((await w.request('GET', `/calendars/${calendar.id}`, owner.session)).statusCode).toBe(404);
  });
});

describe('calendars.createMany', () => {
  it('makes calendars with their shares in bulk', async () => {
    const owner = await w.member();
    const recipient = await w.member();
    const created = await t.services.calendars.createMany(w.network.id, [
      {
        type: 'personal',
        name: 'Seeded',
        color: '495057',
        ownerId: owner.membership.id,
        sharedWith: [recipient.membership.id],
      },
      { type: 'network', name: 'Seeded network', color: '1971c2' },
    ]);
    expect(created.map((c) => c.name)).toEqual(['Seeded', 'Seeded network']);
    const seen = await t.services.calendars.accessMany(
      recipient.actor,
      created.map((c) => c.id),
    );
    expect(seen.get(created[0]!.id)!.can.read).toBe(true);
  });
});

describe('the calendar version', () => {
  it('rises with every write to a network calendars, and only with writes that happen', async () => {
    const world = await calendarWorld(t);
    const owner = await world.member();
    const friend = await world.member();
    const version = async () => (await t.services.calendars.accessibleWithVersion(owner.actor)).versions.version;
    const rises = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) - before;
    };

    expect(await version()).toBeGreaterThan(0); // the network calendar was made
    let made!: Awaited<ReturnType<typeof createCalendar>>;
    expect(
      await rises(
        async () => (made = await createCalendar(world, owner.session, { membership_ids: [friend.membership.id] })),
      ),
    ).toBe(1);
    expect(
      await rises(() =>
        world.request('PUT', `/calendars/${made.id}`, owner.session, calendarBody({ name: 'Renamed' })),
      ),
    ).toBe(1);
    expect(await rises(() => world.request('DELETE', `/calendars/${made.id}/share`, owner.session))).toBe(0); // 404: not shared with the owner
    const again = await createCalendar(world, owner.session, { membership_ids: [friend.membership.id] });
    expect(await rises(() => world.request('DELETE', `/calendars/${again.id}/share`, friend.session))).toBe(1);
    // Refused writes change nothing.
    expect(
      await rises(() => world.request('PUT', `/calendars/${made.id}`, owner.session, calendarBody({ name: '' }))),
    ).toBe(0);
    expect(await rises(() => world.request('DELETE', `/calendars/${made.id}`, friend.session))).toBe(0);
    expect(await rises(() => world.request('DELETE', `/calendars/${made.id}`, owner.session))).toBe(1);
    expect(await rises(() => world.group())).toBe(1);

    // Another network's writes are not this one's.
    const elsewhere = await calendarWorld(t);
    const stranger = await elsewhere.member();
    expect(await rises(() => createCalendar(elsewhere, stranger.session))).toBe(0);
  });
});

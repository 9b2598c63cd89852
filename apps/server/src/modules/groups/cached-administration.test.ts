import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NetworkShell } from '@agora/contracts';
import { buildApp } from '../../app.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

// The network's categories and what a member administrates in them are cached in each process;
// appointing or removing an admin, or a new category, must show at once in this process and in
// the other one (through Redis with REDIS_URL, else within the process).
let t: TestApp;
let other: FastifyInstance;
let networkId: string;
let admin: Session;
let groupAdmin: Session;
let member: Awaited<ReturnType<typeof signedInMember>>;
const groupSlug = 'cached-chor';

beforeAll(async () => {
  t = await createTestApp();
  // A second server process on the same database (and the same Redis, when there is one).
  other = await buildApp(t.config, t.database);
  await other.ready();
  networkId = (await createNetwork(t.services, { name: 'Cached Groups' })).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session;
  const lead = await signedInMember(t.app, t.services, networkId);
  groupAdmin = lead.session;
  member = await signedInMember(t.app, t.services, networkId);
  const [music] = await t.services.groups.createCategories(networkId, [
    { slug: 'musik', name: 'Musik', pluralName: 'Musik', position: 0 },
    { slug: 'orte', name: 'Ort', pluralName: 'Orte', position: 1 },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: music!.id, slug: groupSlug, name: 'Chor' },
  ]);
  await t.services.groups.addMembers(networkId, [
    { groupId: group!.id, membershipId: lead.membership.id, role: 'admin' },
    { groupId: group!.id, membershipId: member.membership.id },
  ]);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Whether the member may administrate each category, by slug, as the network shell says. */
async function administrates(app: FastifyInstance): Promise<Record<string, boolean>> {
  const shell = (await app.inject({ url: '/api/v1/network', headers: member.session.headers })).json<NetworkShell>();
  return Object.fromEntries(shell.group_categories.map((c) => [c.slug, c.can.administrate]));
}

/** The other process hears of a change through Redis: a moment later, not at once. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const call = (method: 'POST' | 'DELETE', url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

async function expectInBoth(expected: Record<string, boolean>) {
  expect(await administrates(t.app)).toEqual(expected);
  expect(await eventually(() => administrates(other), expected)).toEqual(expected);
}

describe('the cached administration sets of the network shell', () => {
  it('follow a member appointed and removed as group and category admin, in both processes', async () => {
    await expectInBoth({ musik: false, orte: false });

    const appointed = await call(
      'POST',
      `/groups/${groupSlug}/administration/members/${member.membership.id}/admin`,
      groupAdmin,
    );
    expect(appointed.statusCode).toBe(200);
    await expectInBoth({ musik: true, orte: false });

    const categoryAdmin = await call('POST', '/administration/group-categories/orte/admins', admin, {
      membership_id: member.membership.id,
    });
    expect(categoryAdmin.statusCode).toBe(201);
    await expectInBoth({ musik: true, orte: true });

    const removed = await call('DELETE', `/administration/group-categories/orte/admins/${member.membership.id}`, admin);
    expect(removed.statusCode).toBeLessThan(300);
    const demoted = await call(
      'DELETE',
      `/groups/${groupSlug}/administration/members/${member.membership.id}/admin`,
      groupAdmin,
    );
    expect(demoted.statusCode).toBe(200);
    await expectInBoth({ musik: false, orte: false });
  });

  it('show a category made by an administrator, in both processes', async () => {
    const made = await call('POST', '/administration/group-categories', admin, {
      group_category: { name: 'Team', plural_name: 'Teams', color: '#228be6' },
    });
    expect(made.statusCode).toBe(201);
    await expectInBoth({ musik: false, orte: false, team: false });
  });
});

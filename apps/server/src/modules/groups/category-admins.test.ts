import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryAdmin, CategoryAdministration } from '@agora/contracts';
import { domainEvents } from '../../platform/events/tables.ts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Awaited<ReturnType<typeof signedInMember>>;
let member: Awaited<ReturnType<typeof signedInMember>>;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Carla', lastName: 'Kategorie' });
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'standorte', name: 'Standort', pluralName: 'Standorte' },
  ]);
  categoryId = category!.id;
});
afterAll(() => t.close());

const URL = '/administration/group-categories/standorte/admins';

function call(method: 'GET' | 'POST' | 'DELETE', url: string, session: Session | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: session?.headers ?? { accept: 'application/json' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('the administrators of a group category', () => {
  it('walks the ladder: 401, 403, 404, 422, 201', async () => {
    const body = { membership_id: member.membership.id };
    expect((await call('GET', URL, null)).statusCode).toBe(401);
    expect((await call('POST', URL, member.session, body)).statusCode).toBe(403);
    expect((await call('POST', '/administration/group-categories/nope/admins', admin.session, body)).statusCode).toBe(
      404,
    );
    const bad = await call('POST', URL, admin.session, { membership_id: 'x' });
    expect(bad.statusCode).toBe(422);
    const guest = await createMember(t.services, networkId, { external: true });
    const locked = await createMember(t.services, networkId, { locked: true });
    const foreign = await createMember(t.services, (await createNetwork(t.services, { host: 'other.test' })).id);
    for (const who of [guest, locked, foreign]) {
      const refused = await call('POST', URL, admin.session, { membership_id: who.membership.id });
      expect(refused.json()).toEqual({ errors: { membership_id: ['invalid'] } });
    }
    const appointed = await call('POST', URL, admin.session, body);
    expect(appointed.statusCode).toBe(201);
    expect(appointed.json()).toEqual([
      {
        id: member.membership.id,
        displayName: 'Carla Kategorie',
        images: { small: null },
        is_external: false,
        path: `/members/${member.membership.id}`,
      },
    ]);
    // Once is enough.
    expect((await call('POST', URL, admin.session, body)).json<CategoryAdmin[]>()).toHaveLength(1);
    expect((await call('GET', URL, admin.session)).json<CategoryAdmin[]>()).toHaveLength(1);
  });

  it("gives the admin the category's administration, and takes it back on removal", async () => {
    const administration = () => call('GET', '/api/v1/group-categories/standorte/administration', member.session);
    expect((await administration()).json<CategoryAdministration>().group_category.can).toMatchObject({
      create: true,
      administrate: true,
    });
    const one = `${URL}/${member.membership.id}`;
    expect((await call('DELETE', one, member.session)).statusCode).toBe(403);
    expect((await call('DELETE', one, admin.session)).statusCode).toBe(204);
    expect((await call('DELETE', one, admin.session)).statusCode).toBe(404);
    expect((await administration()).statusCode).toBe(403);
    const events = await t.database.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(and(eq(domainEvents.subjectType, 'group_category'), eq(domainEvents.subjectId, categoryId)))
      .orderBy(domainEvents.id);
    expect(events.map((e) => e.type)).toEqual(['group_category.admin_appointed', 'group_category.admin_removed']);
  });
});

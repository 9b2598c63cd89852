import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipSearchHit, SearchResponse } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { eq } from 'drizzle-orm';
import { createMember, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';
import { foundBy } from '../../testing/search-sources.ts';
import { MEMBERSHIP_LOCKED } from './administration.ts';
import type { MembershipRow } from './repository.ts';
import { memberships } from './tables.ts';

let t: TestApp;
let networkId: string;
type Person = Awaited<ReturnType<typeof signedInMember>> & { actor: Actor };
let admin: Person;
let reader: Person;
let guest: Person;
let annegret: MembershipRow;
let locked: MembershipRow;

const names = async (who: Person, text: string) =>
  ((await foundBy(t.services, 'memberships', who.actor, text)).hits as MembershipSearchHit[]).map((h) => h.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  networkId = (
    await t.services.networks.create({
      name: 'Members search',
      language: 'en',
      host: null,
      settings: { directory_profile_fields: ['department'] },
    })
  ).id;
  const person = async (options: Parameters<typeof signedInMember>[3] = {}): Promise<Person> => {
    const m = await signedInMember(t.app, t.services, networkId, options);
    return { ...m, actor: t.services.members.actorFor(m.membership, 'test', null) };
  };
  [admin, reader, guest] = [await person({ admin: true }), await person(), await person({ external: true })];
  annegret = (await person({ firstName: 'Annegret', lastName: 'Kowalski' })).membership;
  await t.database.db
    .update(memberships)
    .set({ profile: { department: 'Purchasing', hobby: 'Chess' } })
    .where(eq(memberships.id, annegret.id));
  locked = (await person({ firstName: 'Annelie', lastName: 'Locked' })).membership;
  await createMember(t.services, networkId, { firstName: 'Anneke', lastName: 'Contact', consumer: true });
});
afterAll(() => t.close());

describe('members in global search', () => {
  it('finds members by a prefix of their name, guests too; contacts without sign-in never', async () => {
    expect(await names(reader, 'anne')).toEqual(['Annegret Kowalski', 'Annelie Locked']);
    expect(await names(guest, 'kowal')).toEqual(['Annegret Kowalski']);
  });

  it("finds them by the directory's profile values, shown under the name", async () => {
    const { documents, hits } = await foundBy(t.services, 'memberships', reader.actor, 'purchasing');
    expect(documents.map((d) => d.id)).toEqual([annegret.id]);
    expect(documents[0]).toMatchObject({ title: 'Annegret Kowalski', language: 'simple', groupId: null });
    expect(hits).toEqual([
      {
        id: annegret.id,
        name: 'Annegret Kowalski',
        images: { small: null, medium: null, large: null },
        is_external: false,
        detail: 'Purchasing',
        html_url: `/members/${annegret.id}`,
      },
    ]);
    // A value the directory does not show is not searched.
    expect((await foundBy(t.services, 'memberships', reader.actor, 'chess')).documents).toEqual([]);
  });

  it('does not find a locked member, once the lock is processed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/administration/members/${locked.id}/lock`,
      headers: admin.session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const source = t.services.search.source('memberships')!;
    const event = {
      id: 0,
      networkId,
      type: MEMBERSHIP_LOCKED,
      actorId: admin.membership.id,
      subject: { type: 'membership', id: locked.id },
      context: null,
      changes: {},
      createdAt: new Date(),
    };
    // The search processor reloads the member on the event, and what load no longer answers goes.
    expect(await source.changedBy[MEMBERSHIP_LOCKED]!(event)).toEqual([locked.id]);
    expect(await source.load(networkId, [locked.id])).toEqual([]);
    expect(await names(reader, 'anne')).toEqual(['Annegret Kowalski']);
    expect(await source.present(reader.actor, [locked.id])).toEqual([]);
  });
});

describe('GET /search.json: members', () => {
  const search = async (who: Person, q: string) => {
    await t.services.events.settled();
    const response = await t.app.inject({
      url: `/search.json?${new URLSearchParams({ q, module: 'memberships' })}`,
      headers: who.session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<SearchResponse>().memberships_query!;
    return { total: result.total, names: result.hits.map((h) => h.name).sort() };
  };

  it('finds a member by the beginning of their name and their profile values, never a locked one', async () => {
    // The members here were made without events (as imports make them): a reindex indexes them.
    await t.services.search.reindex(networkId, ['memberships']);
    expect(await search(guest, 'Kowal')).toEqual({ total: 1, names: ['Annegret Kowalski'] });
    expect(await search(reader, 'Purchasing')).toEqual({ total: 1, names: ['Annegret Kowalski'] });
    expect(await search(reader, 'Annelie')).toEqual({ total: 0, names: [] });
    expect(await search(reader, 'Anneke')).toEqual({ total: 0, names: [] });
  });

  it('finds members made in bulk (an import) without a reindex', async () => {
    const user = await t.services.accounts.createUsers([{ email: 'bulk-import@example.org' }]);
    await t.services.members.createMany([
      { networkId, userId: user[0]!.id, firstName: 'Ottokar', lastName: 'Imported', isExternal: false },
    ]);
    expect(await search(reader, 'Ottokar')).toEqual({ total: 1, names: ['Ottokar Imported'] });
  });

  it("indexes the members again when the directory's profile fields change", async () => {
    const save = async (fields: string[]) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/administration/settings',
        headers: admin.session.headers,
        payload: { settings: { directory_profile_fields: fields } },
      });
      expect(response.statusCode, response.body).toBe(200);
      await t.services.events.settled();
      await t.services.jobs.settled();
    };
    await save([]);
    expect(await search(reader, 'Purchasing')).toEqual({ total: 0, names: [] });
    await save(['department']);
    expect(await search(reader, 'Purchasing')).toEqual({ total: 1, names: ['Annegret Kowalski'] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NetworkSettings } from '@agora/contracts';
import { createMember, createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Record<string, string>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member with everything anonymizing clears. */
async function person(name: string) {
  const { membership } = await createMember(t.services, networkId, {
    firstName: name,
    lastName: 'Lastname',
    displayName: `${name} L.`,
  });
  await t.services.members.setBirthday(networkId, membership.id, '1980-03-04');
  await t.database.db.execute(
    sql`update memberships set profile = '{"phone": "123"}'::jsonb, profile_image_id = 'image-1' where id = ${membership.id}`,
  );
  return membership.id;
}

const post = (id: string, action: 'lock' | 'unlock') =>
  t.app.inject({ method: 'POST', url: `/administration/members/${id}/${action}`, headers: admin });

const settle = () => t.services.events.settled();
const row = (id: string) => t.services.members.find(networkId, id);
const setting = (patch: Partial<NetworkSettings>) => t.services.networks.updateSettings(networkId, patch);

async function anonymizedEvents(id: string) {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from domain_events where type = 'membership.anonymized' and subject_id = ${id}`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return (rows[0] as { n: number }).n;
}

function expectAnonymized(membership: Awaited<ReturnType<typeof row>>, name: string) {
  expect(membership).toMatchObject({
    firstName: name,
    lastName: '',
    displayName: null,
    profileImageId: null,
    profile: {},
    birthday: null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Anonymizing Network' })).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session.headers;
});
afterAll(() => t.close());

describe('anonymizing locked members', () => {
  it("at once when locked ('enabled'), once, and an unlock keeps the anonymized data", async () => {
    await setting({ anonymize_memberships_config: 'enabled', anonymize_memberships_name: 'Former member' });
    const id = await person('Olga');
    expect((await post(id, 'lock')).statusCode).toBe(200);
    await settle();
    expectAnonymized(await row(id), 'Former member');
    expect(await anonymizedEvents(id)).toBe(1);

    expect((await post(id, 'unlock')).statusCode).toBe(200);
    await settle();
    expect(await row(id)).toMatchObject({ lockedAt: null, firstName: 'Former member', lastName: '' });
    expect((await post(id, 'lock')).statusCode).toBe(200);
    await settle();
    expect(await anonymizedEvents(id)).toBe(1);
  });

  it("by the daily run for those locked at least the days set ('after_days'), idempotently", async () => {
    await setting({
      anonymize_memberships_config: 'after_days',
      anonymize_memberships_after_days: 30,
      anonymize_memberships_name: 'Ehemalig',
    });
    const [long, recent] = [await person('Paul'), await person('Rita')];
    for (const id of [long, recent]) expect((await post(id, 'lock')).statusCode).toBe(200);
    await settle();
    expect(await row(long)).toMatchObject({ firstName: 'Paul', lastName: 'Lastname' });
    await t.database.db.execute(
      sql`update memberships set locked_at = ${new Date(Date.now() - 40 * DAY_MS).toISOString()} where id = ${long}`,
    );
    await t.database.db.execute(
      sql`update memberships set locked_at = ${new Date(Date.now() - 10 * DAY_MS).toISOString()} where id = ${recent}`,
    );

    expect(await t.services.memberAdministration.anonymizer.anonymizeDue(new Date())).toBe(1);
    expectAnonymized(await row(long), 'Ehemalig');
    expect(await row(recent)).toMatchObject({ firstName: 'Rita', lastName: 'Lastname', birthday: '1980-03-04' });
    expect(await t.services.memberAdministration.anonymizer.anonymizeDue(new Date())).toBe(0);
    expect(await anonymizedEvents(long)).toBe(1);
  });

  it("never when 'disabled'; the deleted member's label when no name is set", async () => {
    await setting({ anonymize_memberships_config: 'disabled', anonymize_memberships_name: '' });
    const id = await person('Sven');
    expect((await post(id, 'lock')).statusCode).toBe(200);
    await settle();
    expect(await t.services.memberAdministration.anonymizer.anonymizeDue(new Date())).toBe(0);
    expect(await row(id)).toMatchObject({ firstName: 'Sven', lastName: 'Lastname' });

    await setting({ anonymize_memberships_config: 'enabled' });
    expect(await t.services.memberAdministration.anonymizer.anonymizeDue(new Date())).toBeGreaterThanOrEqual(1);
    expect((await row(id))?.lastName).toBe('');
    expect((await row(id))?.firstName).not.toBe('Sven');
  });
});

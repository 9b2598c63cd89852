import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../platform/events/tables.ts';
import { createMember, createNetwork, createTestApp, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let network: { id: string; name: string; language: string };

beforeAll(async () => {
  t = await createTestApp();
  network = await createNetwork(t.services);
});
afterAll(() => t.close());

describe('accounts.addMember', () => {
  it('makes the account and the membership, recording both events', async () => {
    const { user, membership } = await t.services.accounts.addMember(
      network,
      { email: ' New.Person@Example.org ', firstName: 'Jörg ', lastName: 'Ähm', password: 'a-long-password' },
      { actorId: null, via: 'administration' },
    );
    expect(user.email).toBe('new.person@example.org');
    expect(user.passwordHash).toBeTruthy();
    expect(membership).toMatchObject({ networkId: network.id, userId: user.id, firstName: 'Jörg', lastName: 'Ähm' });
    const types = (await t.database.db.select().from(domainEvents).where(eq(domainEvents.networkId, network.id))).map(
      (e) => e.type,
    );
    expect(types).toEqual(expect.arrayContaining(['account.created', 'membership.created']));
  });

  it('refuses an address that is a member already, changing nothing', async () => {
    await createMember(t.services, network.id, { email: 'already@example.test' });
    const user = { email: 'already@example.test' };
    await expect(
      t.services.accounts.addMember(
        network,
        { email: user.email.toUpperCase(), firstName: 'A', lastName: 'B' },
        { actorId: null, via: 'invite' },
      ),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('makes a membership for an account of another network without a second account', async () => {
    const other = await createNetwork(t.services);
    const email = 'elsewhere@example.test';
    const elsewhere = await createMember(t.services, other.id, { email });
    const { user, membership } = await t.services.accounts.addMember(
      network,
      { email, firstName: 'C', lastName: 'D', isExternal: true },
      { actorId: null, via: 'registration' },
    );
    expect(user.id).toBe(elsewhere.user.id);
    expect(membership.isExternal).toBe(true);
  });
});

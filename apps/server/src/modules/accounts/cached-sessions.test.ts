import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

// Sessions and networks are cached in each process; what changes them must show at once, in
// this process and in the other one (through Redis with REDIS_URL, else within the process).
let t: TestApp;
let other: FastifyInstance;
let networkId: string;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  // A second server process on the same database (and the same Redis, when there is one).
  other = await buildApp(t.config, t.database);
  await other.ready();
  networkId = (await createNetwork(t.services, { name: 'Cached Network' })).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const session = (app: FastifyInstance, s: Session) => app.inject({ url: '/api/v1/session', headers: s.headers });

/** The other process hears of a change through Redis: a moment later, not at once. */
async function eventually(
  request: () => Promise<LightMyRequestResponse>,
  expected: (r: LightMyRequestResponse) => boolean,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const response = await request();
    if (expected(response) || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('cached sessions', () => {
  it('stop working at once when an administrator locks the member, in both processes', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    // Both processes have the session cached.
    expect((await session(t.app, member.session)).statusCode).toBe(200);
    expect((await session(other, member.session)).statusCode).toBe(200);

    const locked = await t.app.inject({
      method: 'POST',
      url: `/administration/members/${member.membership.id}/lock`,
      headers: admin.headers,
    });
    expect(locked.statusCode).toBe(200);

    // The same process: at once, and a write is refused too.
    expect((await session(t.app, member.session)).statusCode).toBe(204);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/members/${member.membership.id}/locale_settings`,
      headers: member.session.headers,
      payload: { locale_settings: { locale: 'en' } },
    });
    expect(write.statusCode).toBe(401);
    expect(
      (
        await eventually(
          () => session(other, member.session),
          (r) => r.statusCode === 204,
        )
      ).statusCode,
    ).toBe(204);

    // Unlocked, the member signs in again: the old session was ended with the lock, by the
    // processor of the lock's event, which runs after the lock's commit.
    await t.services.events.settled();
    await t.app.inject({
      method: 'POST',
      url: `/administration/members/${member.membership.id}/unlock`,
      headers: admin.headers,
    });
    expect((await session(other, member.session)).statusCode).toBe(204);
  });

  it('end in both processes when the member signs out', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    expect((await session(t.app, member.session)).statusCode).toBe(200);
    expect((await session(other, member.session)).statusCode).toBe(200);
    const out = await other.inject({ method: 'DELETE', url: '/users/sign_out', headers: member.session.headers });
    expect(out.statusCode).toBe(204);
    expect((await session(other, member.session)).statusCode).toBe(204);
    expect(
      (
        await eventually(
          () => session(t.app, member.session),
          (r) => r.statusCode === 204,
        )
      ).statusCode,
    ).toBe(204);
  });

  it('follow a member made administrator and their language, in both processes', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    expect((await session(other, member.session)).json().member.network_admin).toBe(false);
    const made = await t.app.inject({
      method: 'PUT',
      url: `/administration/members/${member.membership.id}`,
      headers: admin.headers,
      payload: { user: { network_admin: true } },
    });
    expect(made.statusCode).toBe(200);
    expect((await session(t.app, member.session)).json().member.network_admin).toBe(true);
    const there = await eventually(
      () => session(other, member.session),
      (r) => r.json().member.network_admin === true,
    );
    expect(there.json().member.network_admin).toBe(true);
    // As an administrator now, the other process lets them in to the settings.
    expect((await other.inject({ url: '/administration/settings', headers: member.session.headers })).statusCode).toBe(
      200,
    );

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/members/${member.membership.id}/locale_settings`,
      headers: member.session.headers,
      payload: { locale_settings: { locale: 'fr' } },
    });
    expect(changed.statusCode).toBe(200);
    expect((await session(t.app, member.session)).json().locale).toBe('fr');
    expect(
      (
        await eventually(
          () => session(other, member.session),
          (r) => r.json().locale === 'fr',
        )
      ).json().locale,
    ).toBe('fr');
  });
});

describe('the cached network', () => {
  it('shows a new name and a changed setting at once, in both processes', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    const shell = (app: FastifyInstance) => app.inject({ url: '/api/v1/network', headers: member.session.headers });
    expect((await shell(t.app)).json().name).toBe('Cached Network');
    expect((await shell(other)).json().name).toBe('Cached Network');
    expect((await shell(other)).json().config.maps.enabled).toBe(false);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/administration/settings',
      headers: admin.headers,
      payload: { settings: { name: 'Renamed Network', maps_enabled: true } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await shell(t.app)).json().name).toBe('Renamed Network');
    const there = await eventually(
      () => shell(other),
      (r) => r.json().name === 'Renamed Network',
    );
    expect(there.json().name).toBe('Renamed Network');
    expect(there.json().config.maps.enabled).toBe(true);
  });
});

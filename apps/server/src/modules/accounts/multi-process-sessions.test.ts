import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../testing/index.ts';
import { POSTGRES_AND_REDIS, processFixture } from '../../testing/process-fixture.ts';
import { signIn, type ServerProcess } from '../../testing/processes.ts';

// Two server processes on one PostgreSQL database, their caches kept true through Redis alone.
describe.skipIf(!POSTGRES_AND_REDIS)('cached sessions and networks across two server processes', () => {
  const processes = processFixture({ name: 'cache', redis: true });
  let servers: ServerProcess[];
  let admin: { email: string };
  let member: { id: string; email: string };

  beforeAll(async () => {
    await processes.prepare(async (services) => {
      const network = await services.networks.create({ name: 'Two caches', language: 'en' });
      admin = (await createMember(services, network.id, { admin: true })).user;
      const m = await createMember(services, network.id);
      member = { id: m.membership.id, email: m.user.email };
    });
    servers = await processes.startTogether(2);
  });

  afterAll(() => processes.stop());

  const get = (server: ServerProcess, route: string, cookie: string) =>
    fetch(`${server.url}${route}`, { headers: { cookie, accept: 'application/json' } });

  /** What the other process answers once the message reached it (a moment, not a TTL). */
  async function eventually(request: () => Promise<Response>, expected: (r: Response) => Promise<boolean>) {
    const deadline = Date.now() + 3000;
    for (;;) {
      const response = await request();
      if ((await expected(response)) || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('shows a renamed network, and ends the session of a locked member, on the other process too', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const boss = await signIn(one.url, admin.email);
    const them = await signIn(one.url, member.email);
    // Both processes cache the session and the network.
    expect((await get(two, '/api/v1/session', them.cookie)).status).toBe(200);
    expect(((await (await get(two, '/api/v1/network', them.cookie)).json()) as { name: string }).name).toBe(
      'Two caches',
    );

    const renamed = await fetch(`${one.url}/administration/settings`, {
      method: 'PUT',
      headers: { cookie: boss.cookie, 'x-csrf-token': boss.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { name: 'Renamed twice' } }),
    });
    expect(renamed.status).toBe(200);
    const shell = await eventually(
      () => get(two, '/api/v1/network', them.cookie),
      async (r) => ((await r.clone().json()) as { name: string }).name === 'Renamed twice',
    );
    expect(((await shell.json()) as { name: string }).name).toBe('Renamed twice');

    const locked = await fetch(`${one.url}/administration/members/${member.id}/lock`, {
      method: 'POST',
      headers: { cookie: boss.cookie, 'x-csrf-token': boss.csrf },
    });
    expect(locked.status).toBe(200);
    const after = await eventually(
      () => get(two, '/api/v1/session', them.cookie),
      async (r) => r.status === 204,
    );
    expect(after.status).toBe(204);
    expect((await get(two, '/api/v1/network', them.cookie)).status).toBe(401);
  });
});

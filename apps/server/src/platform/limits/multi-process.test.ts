import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck } from '@agora/contracts';
import { createMember, emitWithAck } from '../../testing/index.ts';
import { POSTGRES_AND_REDIS, processFixture } from '../../testing/process-fixture.ts';
import { chatToken, signIn, type ServerProcess } from '../../testing/processes.ts';

type Member = { id: string; email: string };

describe.skipIf(!POSTGRES_AND_REDIS)('budgets shared by two server processes through Redis', () => {
  const processes = processFixture({
    name: 'budget',
    redis: true,
    // Small budgets that hardly refill while the test runs.
    env: { SOCKET_EVENT_BURST: '6', SOCKET_EVENT_RATE: '0.01', WRITE_BURST: '3', WRITE_RATE: '0.01' },
  });
  let servers: ServerProcess[];
  let anna: Member;
  let ben: Member;
  let clara: Member;

  beforeAll(async () => {
    await processes.prepare(async (services) => {
      const network = await services.networks.create({ name: 'Shared budgets', language: 'en' });
      const member = async (firstName: string) => {
        const made = await createMember(services, network.id, { firstName, lastName: 'Budget' });
        return { id: made.membership.id, email: made.user.email };
      };
      anna = await member('Anna');
      ben = await member('Ben');
      clara = await member('Clara');
    });
    servers = await processes.startTogether(2);
  });

  afterAll(() => processes.stop());

  // A write that draws from the budget (asking for chat credentials does not): the member's language.
  const write = async (url: string, session: { cookie: string; csrf: string }, member: Member) =>
    fetch(`${url}/members/${member.id}/locale_settings`, {
      method: 'PUT',
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ locale_settings: { locale: 'de' } }),
    });

  it('counts a member’s socket events on both processes in one budget', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(one.url, anna.email);
    const token = await chatToken(one.url, session);
    const onOne = await processes.connect(one, { cookie: session.cookie });
    const onTwo = await processes.connect(two, { token });

    const ask = (socket: Socket) => emitWithAck<ChatAck<unknown>>(socket, 'my_profile', {});
    const answers = [];
    for (const socket of [onOne, onTwo, onOne, onTwo, onOne, onTwo]) answers.push(await ask(socket));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, true]);
    for (const socket of [onTwo, onOne]) {
      const refused = await ask(socket);
      expect(refused).toMatchObject({ ok: false, error: { key: 'too_many_requests', status: 429 } });
      if (!refused.ok) expect(refused.error.details?.retry_after).toBeGreaterThan(90);
    }

    // Another member of the network, on the same process, has a budget of their own.
    const claraSession = await signIn(two.url, clara.email);
    const claraSocket = await processes.connect(two, { cookie: claraSession.cookie });
    expect((await ask(claraSocket)).ok).toBe(true);
  });

  it('counts a member’s writes on both processes in one budget', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(one.url, ben.email);
    const statuses = [];
    for (const server of [one, two, one]) statuses.push((await write(server.url, session, ben)).status);
    expect(statuses).toEqual([200, 200, 200]);
    for (const server of [two, one]) {
      const refused = await write(server.url, session, ben);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(90);
    }
    const other = await signIn(two.url, clara.email);
    expect((await write(two.url, other, clara)).status).toBe(200);
  });
});

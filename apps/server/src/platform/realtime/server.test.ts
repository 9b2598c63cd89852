import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../policy/index.ts';
import { connectSocket, disconnection, nextEvent, socketClients } from '../../testing/realtime.ts';
import { createRealtime, UNAVAILABLE, type Realtime } from './realtime.ts';

const redisUrl = process.env.REDIS_URL;

/** Who a test client is: the cookie names the membership, network and session. */
async function authenticateByCookie(request: http.IncomingMessage): Promise<Actor | null> {
  const match = /who=([^;]+)/.exec(request.headers.cookie ?? '');
  if (!match) return null;
  const [membershipId, sessionId] = match[1]!.split('.');
  return {
    userId: 'u',
    membershipId: membershipId!,
    networkId: 'net',
    isNetworkAdmin: false,
    isExternal: false,
    locale: null,
    sessionId: sessionId!,
  };
}

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a handshake that cannot be checked', () => {
  it('is refused as unavailable, not unauthorized, so that the client may try again', async () => {
    const realtime = createRealtime();
    const server = http.createServer();
    const errors: string[] = [];
    realtime.attach(server, {
      authenticate: async () => {
        throw new Error('database down');
      },
      onError: (_error, context) => errors.push(context),
    });
    const url = await listening(server);
    try {
      await expect(connectSocket(url, { cookie: 'who=m.s' })).rejects.toThrow(UNAVAILABLE);
      expect(errors).toEqual(['authenticate']);
    } finally {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

// Two server processes, played by two servers in this one: what one pushes reaches the other's clients.
describe.skipIf(!redisUrl)('with Redis, across server processes', () => {
  const prefix = `agora-test:${randomUUID()}:`;
  const nodes: Array<{ realtime: Realtime; server: http.Server; url: string }> = [];
  const clients = socketClients();

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const realtime = createRealtime({ redisUrl, redisKeyPrefix: prefix });
      const server = http.createServer();
      realtime.attach(server, { authenticate: authenticateByCookie });
      nodes.push({ realtime, server, url: await listening(server) });
    }
  });
  afterAll(async () => {
    clients.close();
    for (const node of nodes) {
      await node.realtime.close();
      await new Promise((resolve) => node.server.close(resolve));
    }
  });

  const connect = (node: number, who: string) => clients.connect(nodes[node]!.url, { cookie: `who=${who}` });

  it('reaches a member connected to the other process', async () => {
    const socket = await connect(0, 'm1.s1');
    const arrival = nextEvent(socket, 'test:event', 5000);
    // The subscription of the first process may still be settling: push until it arrives.
    const timer = setInterval(() => nodes[1]!.realtime.toMember('m1', 'test:event', { from: 'node 1' }), 100);
    try {
      expect(await arrival).toEqual({ from: 'node 1' });
    } finally {
      clearInterval(timer);
    }
    const toNetwork = nextEvent(socket, 'test:network', 5000);
    nodes[1]!.realtime.toNetwork('net', 'test:network', 1);
    expect(await toNetwork).toBe(1);
  });

  it('ends the connections of a session on the other process', async () => {
    const socket = await connect(0, 'm2.s2');
    const other = await connect(0, 'm2.s3');
    const ended = disconnection(socket, 5000);
    nodes[1]!.realtime.disconnectSession('s2');
    expect(await ended).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  connectSocket,
  createMember,
  createNetwork,
  createTestApp,
  disconnection,
  listenOnFreePort,
  nextEvent,
  signedInMember,
  signIn,
  socketClients,
  type ConnectOptions,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let baseUrl: string;
let networkId: string;
const clients = socketClients();

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(async () => {
  clients.close();
  await t.close();
});

const connect = (options: ConnectOptions) => clients.connect(baseUrl, options);

describe('the handshake', () => {
  it('refuses a connection without a session', async () => {
    await expect(connectSocket(baseUrl)).rejects.toThrow('unauthorized');
  });

  it("refuses a session cookie whose signature is not the server's", async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const token = decodeURIComponent(session.cookie.slice('agora_session='.length)).replace(/\.[^.]*$/, '');
    const forged = `agora_session=${encodeURIComponent(`${token}.forged-signature`)}`;
    await expect(connectSocket(baseUrl, { cookie: forged })).rejects.toThrow('unauthorized');
    await expect(connectSocket(baseUrl, { cookie: `agora_session=${token}` })).rejects.toThrow('unauthorized');
  });

  it('refuses a session that has been signed out', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const out = await t.app.inject({ method: 'DELETE', url: '/users/sign_out', headers: session.headers });
    expect(out.statusCode).toBe(204);
    await expect(connectSocket(baseUrl, { cookie: session.cookie })).rejects.toThrow('unauthorized');
  });

  it('refuses the session of another network', async () => {
    await createNetwork(t.services, { host: 'other.test' });
    const { session } = await signedInMember(t.app, t.services, networkId);
    await expect(connectSocket(baseUrl, { cookie: session.cookie, host: 'other.test' })).rejects.toThrow(
      'unauthorized',
    );
  });

  it('refuses a page of another origin, even with the cookie', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    await expect(connectSocket(baseUrl, { cookie: session.cookie, origin: 'https://evil.test' })).rejects.toThrow();
  });

  it('connects a member by the session cookie, over WebSocket and long polling alike', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const host = new URL(baseUrl).host;
    const viaWebSocket = await connect({ cookie: session.cookie, origin: baseUrl });
    const viaPolling = await connect({ cookie: session.cookie, transports: ['polling'], host });
    expect(viaWebSocket.connected).toBe(true);
    expect(viaPolling.connected).toBe(true);
  });
});

describe('rooms', () => {
  it('reaches a member in all their tabs, and nobody else', async () => {
    const anna = await signedInMember(t.app, t.services, networkId);
    const max = await signedInMember(t.app, t.services, networkId);
    const annaTab1 = await connect({ cookie: anna.session.cookie });
    const annaTab2 = await connect({ cookie: anna.session.cookie });
    const maxTab = await connect({ cookie: max.session.cookie });
    const maxReceived = collectEvents(maxTab, 'test:event');

    const arrivals = [nextEvent(annaTab1, 'test:event'), nextEvent(annaTab2, 'test:event')];
    t.services.realtime.toMember(anna.membership.id, 'test:event', { hello: 'anna' });
    expect(await Promise.all(arrivals)).toEqual([{ hello: 'anna' }, { hello: 'anna' }]);
    // An event to Max after the one to Anna arrives after it: Max got nothing before.
    const toMax = nextEvent(maxTab, 'test:other');
    t.services.realtime.toMember(max.membership.id, 'test:other', 1);
    await toMax;
    expect(maxReceived).toEqual([]);
  });

  it('reaches every member of a network, and no member of another', async () => {
    await createNetwork(t.services, { host: 'elsewhere.test' });
    const elsewhere = (await t.services.networks.resolveForHost('elsewhere.test'))!;
    const here = await signedInMember(t.app, t.services, networkId);
    const there = await createMember(t.services, elsewhere.id);
    const thereSession = await signIn(t.app, there.user.email, undefined, 'elsewhere.test');
    const hereTab = await connect({ cookie: here.session.cookie });
    const thereTab = await connect({ cookie: thereSession.cookie, host: 'elsewhere.test' });
    const thereReceived = collectEvents(thereTab, 'network:news');

    const arrival = nextEvent(hereTab, 'network:news');
    t.services.realtime.toNetwork(networkId, 'network:news', { n: 1 });
    expect(await arrival).toEqual({ n: 1 });
    const toThere = nextEvent(thereTab, 'network:other');
    t.services.realtime.toNetwork(elsewhere.id, 'network:other', {});
    await toThere;
    expect(thereReceived).toEqual([]);
  });
});

describe('signing out', () => {
  it("ends that session's connections, not those of the member's other sessions", async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    const otherBrowser = await signIn(t.app, member.user.email);
    const tab = await connect({ cookie: member.session.cookie });
    const otherTab = await connect({ cookie: otherBrowser.cookie });

    const ended = disconnection(tab);
    const out = await t.app.inject({ method: 'DELETE', url: '/users/sign_out', headers: member.session.headers });
    expect(out.statusCode).toBe(204);
    expect(await ended).toBe('io server disconnect');
    expect(otherTab.connected).toBe(true);
  });
});

describe('closing the app', () => {
  it('ends every connection and closes', async () => {
    const own = await createTestApp();
    const url = await listenOnFreePort(own.app);
    const ownNetwork = await createNetwork(own.services);
    const { session } = await signedInMember(own.app, own.services, ownNetwork.id);
    const socket = await connectSocket(url, { cookie: session.cookie });
    const ended = disconnection(socket);
    await own.close();
    expect(await ended).toBeTruthy();
    socket.close();
  });
});

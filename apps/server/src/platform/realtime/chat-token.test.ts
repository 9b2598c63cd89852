import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TIMINGS, type ChatToken } from '@agora/contracts';
import {
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
  type Session,
  type TestApp,
} from '../../testing/index.ts';
import { createChatTokens } from './chat-token.ts';

const SECRET = 'a-secret-of-more-than-thirty-two-characters';
const HOUR_MS = 60 * 60 * 1000;

describe('chat tokens', () => {
  const claims = { sessionId: 'session-1', networkId: 'network-1' };

  it('carry the session and network for three hours', () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const tokens = createChatTokens(SECRET, () => now);
    const token = tokens.sign(claims);
    expect(token.expires_in).toBe(3 * 60 * 60);
    expect(token.expires_at).toBe('2026-03-01T15:00:00.000Z');
    expect(tokens.verify(token.token)).toEqual({ ...claims, expiresAt: Date.parse(token.expires_at) });
    now += CHAT_TIMINGS.credentialTtlMs - 1;
    expect(tokens.verify(token.token)).not.toBeNull();
    now += 1;
    expect(tokens.verify(token.token)).toBeNull();
  });

  it('are refused when changed, signed with another secret or not tokens at all', () => {
    const tokens = createChatTokens(SECRET);
    const { token } = tokens.sign(claims);
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ s: 'session-2', n: 'network-1', e: Date.now() + HOUR_MS }),
    ).toString('base64url');
    const forged = [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      // Other spellings of the same signature bytes (a stray character) are not the token either.
      `${payload}.${signature}!`,
      `${payload}.${signature}.`,
      createChatTokens('another-secret-of-more-than-thirty-two-chars').sign(claims).token,
      '',
      'not-a-token',
      `${payload}.`,
      `.${signature}`,
    ];
    for (const candidate of forged) expect(tokens.verify(candidate), candidate).toBeNull();
  });
});

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

async function chatToken(session: Session, host = 'localhost'): Promise<ChatToken> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chat_token',
    headers: { ...session.headers, host },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ChatToken>();
}

const connect = (options: ConnectOptions) => clients.connect(baseUrl, options);

describe('POST /api/v1/chat_token', () => {
  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/chat_token' });
    expect(response.statusCode).toBe(401);
  });

  it("needs the session's CSRF token, as every change does", async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat_token',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers credentials valid for three hours', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const before = Date.now();
    const token = await chatToken(session);
    expect(token.expires_in).toBe(10800);
    expect(Date.parse(token.expires_at) - before).toBeGreaterThanOrEqual(CHAT_TIMINGS.credentialTtlMs - 1000);
    expect(Date.parse(token.expires_at) - Date.now()).toBeLessThanOrEqual(CHAT_TIMINGS.credentialTtlMs);
    expect(token.token).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('the handshake with chat credentials', () => {
  it('connects by the token alone, without any cookie, as the member of its session', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    const { token } = await chatToken(member.session);
    const socket = await connect({ token });
    const byQuery = await connect({ query: { token } });
    const arrivals = [nextEvent(socket, 'test:hello'), nextEvent(byQuery, 'test:hello')];
    t.services.realtime.toMember(member.membership.id, 'test:hello', 'hi');
    expect(await Promise.all(arrivals)).toEqual(['hi', 'hi']);
  });

  it('refuses forged, foreign-secret and expired tokens', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    const { token } = await chatToken(member.session);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { s: string; n: string; e: number };
    const longer = Buffer.from(JSON.stringify({ ...claims, e: claims.e + HOUR_MS })).toString('base64url');
    await expect(connectSocket(baseUrl, { token: `${longer}.${signature}` })).rejects.toThrow('unauthorized');
    await expect(connectSocket(baseUrl, { token: 'garbage' })).rejects.toThrow('unauthorized');

    const session = { sessionId: claims.s, networkId: claims.n };
    const foreign = createChatTokens('not-the-server-secret-not-the-server-secret').sign(session);
    await expect(connectSocket(baseUrl, { token: foreign.token })).rejects.toThrow('unauthorized');
    // Signed by the server's secret four hours ago: expired an hour ago.
    const earlier = createChatTokens(t.config.sessionSecret, () => Date.now() - 4 * HOUR_MS).sign(session);
    await expect(connectSocket(baseUrl, { token: earlier.token })).rejects.toThrow('unauthorized');
    const fresh = createChatTokens(t.config.sessionSecret).sign(session);
    expect((await connect({ token: fresh.token })).connected).toBe(true);
  });

  it("refuses a token on another network's host, and a token for another network", async () => {
    await createNetwork(t.services, { host: 'token-other.test' });
    const other = (await t.services.networks.resolveForHost('token-other.test'))!;
    const here = await signedInMember(t.app, t.services, networkId);
    const hereToken = await chatToken(here.session);
    await expect(connectSocket(baseUrl, { token: hereToken.token, host: 'token-other.test' })).rejects.toThrow(
      'unauthorized',
    );

    const there = await createMember(t.services, other.id);
    const thereSession = await signIn(t.app, there.user.email, undefined, 'token-other.test');
    const thereToken = await chatToken(thereSession, 'token-other.test');
    await expect(connectSocket(baseUrl, { token: thereToken.token })).rejects.toThrow('unauthorized');
    expect((await connect({ token: thereToken.token, host: 'token-other.test' })).connected).toBe(true);
    // A token for this network naming a session of the other is no better.
    const mixed = createChatTokens(t.config.sessionSecret).sign({
      sessionId: JSON.parse(Buffer.from(thereToken.token.split('.')[0]!, 'base64url').toString()).s,
      networkId,
    });
    await expect(connectSocket(baseUrl, { token: mixed.token })).rejects.toThrow('unauthorized');
  });

  it('refuses the token of a session that was signed out, and ends its connections', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    const { token } = await chatToken(member.session);
    const socket = await connect({ token });
    const ended = disconnection(socket);
    const out = await t.app.inject({ method: 'DELETE', url: '/users/sign_out', headers: member.session.headers });
    expect(out.statusCode).toBe(204);
    expect(await ended).toBe('io server disconnect');
    await expect(connectSocket(baseUrl, { token })).rejects.toThrow('unauthorized');
  });

  it('refuses the token of a member locked since', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    const { token } = await chatToken(member.session);
    await t.services.members.setLocked(networkId, member.membership.id, true);
    await expect(connectSocket(baseUrl, { token })).rejects.toThrow('unauthorized');
  });

  it('takes the token over the cookie: a bad token is refused even with a good cookie', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    await expect(connectSocket(baseUrl, { cookie: member.session.cookie, token: 'garbage' })).rejects.toThrow(
      'unauthorized',
    );
  });
});

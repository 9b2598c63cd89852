import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Services } from '../app.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { invalidateInThisProcess } from '../platform/cache/index.ts';
import { hashPassword } from '../platform/auth/passwords.ts';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'correct-horse-battery';

// Each password is hashed once per process (with the production's argon2id settings) and the
// hash stored for every account made with it: hashing costs tens of milliseconds, and a suite
// makes thousands of accounts.
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** A network of its own; give it a host when a test needs two networks side by side. */
export async function createNetwork(services: Services, values: { name?: string; host?: string | null } = {}) {
  return services.networks.create({
    name: values.name ?? `Network ${next()}`,
    language: 'en',
    host: values.host ?? null,
  });
}

export type MemberOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  admin?: boolean;
  external?: boolean;
  locked?: boolean;
  /** A contact without sign-in (memberships.kind 'consumer'). */
  consumer?: boolean;
  displayName?: string | null;
};

/** An account with a membership in the network. */
export async function createMember(services: Services, networkId: string, options: MemberOptions = {}) {
  const n = next();
  const [user] = await services.accounts.createUsers([
    {
      email: options.email ?? `member-${n}@example.test`,
      passwordHash: await passwordHashOf(options.password ?? TEST_PASSWORD),
    },
  ]);
  const membership = await services.members.create({
    networkId,
    userId: user!.id,
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? `Member ${n}`,
    networkAdmin: options.admin ?? false,
    isExternal: options.external ?? false,
    lockedAt: options.locked ? new Date() : null,
    kind: options.consumer ? 'consumer' : 'member',
    displayName: options.displayName ?? null,
  });
  return { user: user!, membership };
}

export type Session = { cookie: string; csrf: string; headers: Record<string, string> };

/** Signs in through the API as a browser would; `headers` carry the cookie and the CSRF token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  host = 'localhost',
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/users/sign_in',
    headers: { host },
    payload: { user: { email, password } },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieFrom(response);
  const csrf = response.json<{ csrf_token: string }>().csrf_token;
  return { cookie, csrf, headers: { host, cookie, 'x-csrf-token': csrf, accept: 'application/json' } };
}

/**
 * A session opened by the accounts service as signing in opens it once the password was
 * checked (`openSession`): the same session, cookie and CSRF token, without verifying the
 * password (tens of milliseconds). Tests of signing in itself use `signIn`.
 */
export async function openedSession(
  app: FastifyInstance,
  services: Services,
  userId: string,
  host = 'localhost',
): Promise<Session> {
  const network = await services.networks.resolveForHost(host);
  if (!network) throw new Error(`No network for the host ${host}`);
  const { token, info } = await services.accounts.openSession(network, userId, {
    ip: '127.0.0.1',
    userAgent: 'lightMyRequest',
  });
  const cookie = `agora_session=${app.signCookie(token)}`;
  const csrf = info.csrf_token;
  return { cookie, csrf, headers: { host, cookie, 'x-csrf-token': csrf, accept: 'application/json' } };
}

/** A member signed in: the factory and a session opened for them. */
export async function signedInMember(
  app: FastifyInstance,
  services: Services,
  networkId: string,
  options: MemberOptions = {},
  host = 'localhost',
) {
  const member = await createMember(services, networkId, options);
  const session = await openedSession(app, services, member.user.id, host);
  return { ...member, session };
}

/** The cookie header that carries the session set by a response. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'agora_session');
  if (!cookie) throw new Error(`No session cookie in the response (${response.statusCode}: ${response.body})`);
  return `agora_session=${cookie.value}`;
}

/** Replaces a network's stored settings, for tests of settings that no page writes yet. */
export async function storeNetworkSettings(db: Db, networkId: string, settings: Record<string, unknown>) {
  await db.execute(sql`update networks set settings = ${JSON.stringify(settings)}::jsonb where id = ${networkId}`);
  invalidateInThisProcess([`network:${networkId}`]);
}

/** Sets the language an account chose. */
export async function storeUserLocale(db: Db, userId: string, locale: string | null) {
  await db.execute(sql`update users set locale = ${locale} where id = ${userId}`);
  invalidateInThisProcess([`user:${userId}`]);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, listenOnFreePort } from '../testing/index.ts';
import { storageTestApp, type StorageTestApp } from '../platform/storage/upload-test-support.ts';
import { databaseValues, hostileValues } from './hostile-values.ts';
import { routesOf, walkRoutes } from './http-walker.ts';
import { walkSocketEvents } from './socket-walker.ts';
import { ROLES, report, type Role } from './walk.ts';
import { walkerWorld, type Fixtures, type WalkerWorld } from './walker-world.ts';

/**
 * The route walker (in two files, `route-walker-1.test.ts` and `-2`, each walking every other
 * route, so that two workers walk at once): every route of the OpenAPI description and every socket event gets, in
 * each parameter and field, the hostile values of the corpus (naughty strings, NUL, lone
 * surrogates, numbers and dates out of range, wrong types, deep nesting, prototype keys, and
 * one 10 MB text per route), the other fields filled with values that reach deep code, as the
 * network's admin, a member, a guest and anonymously. Any 5xx, any socket answer with a 5xx
 * status or none at all, and any answer slower than the bound fails it.
 *
 * A new module is walked without writing anything: its routes come from the OpenAPI
 * description, its events from the contracts and the server's listeners, its objects from its
 * part of the demo network. `walker-world.ts` says which ids make a field reach deep code.
 *
 * Each place gets one value of each class of equivalent values (hostile-values.ts), the next
 * place the next one, so that every value is sent on every walk. On PGlite the walk takes the
 * whole corpus; on PostgreSQL (DATABASE_URL) only the values that reach the database
 * differently from driver to driver (NUL, surrogates, numbers and dates out of range, long
 * texts, lists, naughty strings): the parser, the validators and the handlers are the same
 * code on both, walked already.
 *
 * `WALKER_ONLY=<regular expression>` walks only the routes (`POST /appointments`) and events
 * (`socket message`) it matches; `WALKER_VERBOSE=1` prints each route's figures.
 */

/** An answer slower than this fails the walk. */
const BOUND_MS = 5_000;
/** Requests in flight at once through `app.inject`. */
const HTTP_CONCURRENCY = 4;
/** Socket events in flight at once per connection. */
const SOCKET_CONCURRENCY = 4;

/** Budgets no walk exhausts: refused writes would stop the hostile values before deep code. */
const GENEROUS_BUDGETS = {
  WRITE_BURST: '1000000',
  WRITE_RATE: '1000000',
  SOCKET_EVENT_BURST: '1000000',
  SOCKET_EVENT_RATE: '1000000',
  UPLOAD_BURST: '1000000',
  UPLOAD_RATE: '1000000',
};

const ONLY = process.env.WALKER_ONLY ? new RegExp(process.env.WALKER_ONLY) : null;
const VERBOSE = Boolean(process.env.WALKER_VERBOSE);
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const VALUES = ON_POSTGRES ? databaseValues() : hostileValues();
/** On PostgreSQL the admin (who reaches the most code) and anonymous visitors: the roles add no driver's path. */
const HTTP_ROLES: readonly Role[] = ON_POSTGRES ? ['admin', 'anonymous'] : ROLES;

/** A month ahead: dates the forms accept (registration deadlines in the future, say). */
const today = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * Walks part `part` of `of` of the routes (every `of`-th, counted in the OpenAPI description's
 * order); the last part walks the socket events too.
 */
export function describeRouteWalker(part: number, of: number) {
  let t: StorageTestApp;
  let world: WalkerWorld;

  beforeAll(async () => {
    t = await storageTestApp('disk', GENEROUS_BUDGETS);
    world = await walkerWorld(t.app, t.services, t.database);
  }, 120_000);
  afterAll(() => t?.close());

  describe(`route walker, part ${part} of ${of}`, () => {
    it(
      'answers every route, parameter and body field with every hostile value without 5xx, within the bound',
      async () => {
        const started = performance.now();
        const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]).filter(
          (r, index) => index % of === part - 1 && (!ONLY || ONLY.test(`${r.method} ${r.path}`)),
        );
        // Reads change nothing the fixtures name, nor a session: both are looked up again after writes only.
        const fixtures = new Map<Role, Promise<Fixtures>>();
        const walk = await walkRoutes({
          app: t.app,
          routes,
          roles: HTTP_ROLES,
          values: VALUES,
          huge: !ON_POSTGRES,
          today,
          fixtures: (role) => fixtures.get(role) ?? fixtures.set(role, world.fixtures(role)).get(role)!,
          headers: (role) => world.headers(role),
          afterRoute: async (route) => {
            if (route.method === 'GET') return;
            fixtures.clear();
            for (const role of HTTP_ROLES) await world.keepSignedIn(role);
          },
          boundMs: BOUND_MS,
          concurrency: HTTP_CONCURRENCY,
          log: VERBOSE ? (line) => console.info(line) : undefined,
        });

        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.info(
          `route walker: ${walk.routes} routes, ${walk.requests} requests in ${seconds} s; ` +
            `slowest answer ${Math.round(walk.slowest.ms)} ms (${walk.slowest.where})` +
            (walk.unreached.length
              ? `\nvalid-looking admin requests refused (hostile values stop early there):\n  ${walk.unreached.join('\n  ')}`
              : ''),
        );
        if (!ONLY) expect(walk.routes).toBeGreaterThan(50 / of);
        expect(walk.findings.length, `5xx or slow answers:\n${report(walk.findings)}`).toBe(0);
        // No hostile key reached a prototype of this process (the app runs in it).
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      },
      15 * 60_000,
    );

    if (part !== of) return;
    it(
      'answers every socket event and field with every hostile value, never with a 5xx or not at all',
      async () => {
        const started = performance.now();
        const baseUrl = await listenOnFreePort(t.app);
        // Nobody without a session connects.
        await expect(connectSocket(baseUrl, { host: 'localhost' })).rejects.toThrow();

        const walk = await walkSocketEvents({
          services: t.services,
          roles: ROLES.filter((r) => r !== 'anonymous'),
          values: VALUES,
          huge: !ON_POSTGRES,
          today,
          membershipId: (role) => world.membershipIds.get(role)!,
          fixtures: (role) => world.fixtures(role),
          connect: async (role) => {
            await world.keepSignedIn(role);
            return connectSocket(baseUrl, { cookie: world.session(role)!.cookie, host: 'localhost' });
          },
          boundMs: BOUND_MS,
          concurrency: SOCKET_CONCURRENCY,
          only: ONLY ? (event) => ONLY.test(`socket ${event}`) : undefined,
          log: VERBOSE ? (line) => console.info(line) : undefined,
        });

        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.info(`socket walker: ${walk.events} events, ${walk.emitted} events emitted in ${seconds} s`);
        if (!ONLY) expect(walk.events).toBeGreaterThanOrEqual(15);
        expect(walk.findings.length, `5xx, missing or slow acknowledgements:\n${report(walk.findings)}`).toBe(0);
      },
      10 * 60_000,
    );
  });
}

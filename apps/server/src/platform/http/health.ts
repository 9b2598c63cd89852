import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { reportUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable.ts';

/** How long the health check waits for the database and Redis before calling them down. */
const CHECK_TIMEOUT_MS = 2000;

type State = 'ok' | 'down';

/** Whether `probe` answers in time; a probe that fails or hangs is `down` (and reported). */
async function check(probe: () => Promise<unknown>, log: FastifyInstance['log'], what: string): Promise<State> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  const probing = probe();
  // A probe that fails after the timeout has nobody waiting for it.
  probing.catch(() => {});
  try {
    await Promise.race([probing, timeout]);
    return 'ok';
  } catch (err) {
    reportUnavailable(log, err, `health check: ${what}`);
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`, for load balancers and container health checks: 200 `{status: 'ok', database:
 * 'ok', redis: 'ok' | 'not_configured'}`, or 503 `{status: 'unavailable', ...}` with
 * `Retry-After` naming what is `down` when the database or Redis does not answer in time.
 */
export function registerHealthCheck(app: FastifyInstance, deps: { database: Database; redis: Redis | null }): void {
  app.get(
    '/healthz',
    { config: { auth: 'public', network: false }, schema: { hide: true } },
    async (_request, reply) => {
      const { database, redis } = deps;
      const [db, cache] = await Promise.all([
        check(() => database.db.execute(sql`select 1`), app.log, 'database'),
        redis ? check(() => redis.ping(), app.log, 'redis') : Promise.resolve('not_configured' as const),
      ]);
      const ok = db === 'ok' && cache !== 'down';
      if (!ok) reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return { status: ok ? 'ok' : 'unavailable', database: db, redis: cache };
    },
  );
}

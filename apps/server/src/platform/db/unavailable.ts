/** What a client is told to wait before asking again while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's codes for a server that is going away or cannot take the connection:
 * admin_shutdown, crash_shutdown, cannot_connect_now (starting up, recovering),
 * too_many_connections, and every connection_exception (class 08).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What pg, pg-pool, PGlite and ioredis say, without a code, of a connection that is gone, was
 * never made in time, or of a client that was closed.
 */
const MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
  /^Connection is closed\.$/,
  /^Reached the max retries per request limit/,
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * Whether an error means that the database (or Redis, or another service the server connects
 * to) cannot be reached right now, rather than that a statement failed: the query builder wraps the driver's error, a connection attempt to
 * several addresses gives an AggregateError, so causes are followed a few levels deep.
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorLike;
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isServiceUnavailable(inner, depth + 1))) return true;
  return isServiceUnavailable(e.cause, depth + 1);
}

type WarnLog = { warn?(details: object, message: string): void };

const REPORT_EVERY_MS = 60_000;
let lastReport = 0;
let unreported = 0;

/**
 * Logs an outage at warn, once a minute per process with the number of failures since, instead
 * of one error per request, job and worker poll while the database is down.
 */
export function reportUnavailable(log: WarnLog | undefined, error: unknown, context: string): void {
  const now = Date.now();
  if (now - lastReport < REPORT_EVERY_MS) {
    unreported++;
    return;
  }
  lastReport = now;
  const failuresSinceLastReport = unreported;
  unreported = 0;
  log?.warn?.({ err: error, context, failuresSinceLastReport }, 'a service the server needs is unavailable');
}

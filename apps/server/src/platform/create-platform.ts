import type { Config } from '../config.ts';
import { createCache } from './cache/index.ts';
import { withAfterCommit } from './db/after-commit.ts';
import type { Database } from './db/client.ts';
import { createEvents } from './events/index.ts';
import { createJobs } from './jobs/jobs.ts';
import { createLimits, socketEventAdmission } from './limits/index.ts';
import { createMailer } from './mail/mailer.ts';
import type { Platform, PlatformLog } from './loader/index.ts';
import { createRealtime } from './realtime/index.ts';
import { createScanner, createStorage, createStorageDriver } from './storage/index.ts';
import { createTextExtraction } from './search/extraction/index.ts';
import { createSearchService } from './search/index.ts';
import { createUnreadsRegistry } from './unreads/index.ts';

const silent: PlatformLog = { warn: () => {}, error: () => {} };

/**
 * The services every module builds on, each made from those before it: the cache of what every
 * request reads, events (whose types drop cached entries), the job queue,
 * storage, mail (whose attachments are stored objects), the members' budgets, realtime pushes
 * (whose events draw from those budgets) and unread counters.
 * Modules hand over what the platform needs of them (the mail imprint, the network's upload
 * settings) when they are made.
 */
export function createPlatform(database: Database, config: Config, log: PlatformLog = silent): Platform {
  // Callbacks after the commit (the cache's invalidations) for every transaction of the app.
  const db = withAfterCommit(database.db);
  const cache = createCache({ redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, log });
  const events = createEvents({
    db,
    log,
    onRecorded: (tx, inputs) => cache.invalidateAfterCommit(tx, cache.keysOf(inputs)),
    workers: config.eventWorkers ?? (database.kind === 'pglite' ? 1 : 4),
    ...(config.env === 'test' ? { pollMs: 100, retryBaseMs: 50 } : {}),
  });
  // Recurring work (the daily runs) is not queued in tests, which call it themselves.
  const jobs = createJobs({ database, log, recurring: config.env !== 'test' });
  const storage = createStorage({
    db,
    driver: createStorageDriver(config),
    scanner: createScanner(config.clamdSocket),
    secret: config.sessionSecret,
    maxBytes: config.uploadMaxBytes,
    jobs,
    log,
    events,
  });
  const mailer = createMailer({
    db,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    // Attachments are stored objects; their bytes are read when the mail goes out.
    openAttachment: (key) => storage.driver.get(key),
  });
  // Each member's budgets of socket events and writes, shared by the processes through Redis.
  const limits = createLimits({
    budgets: config.budgets,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    log,
  });
  // Pushes reach nobody until the app attaches the realtime server to the HTTP server.
  const realtime = createRealtime({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    admit: socketEventAdmission(limits),
  });
  const unreads = createUnreadsRegistry();
  // Global search: the modules register their sources; its processor once they all have.
  const search = createSearchService({ db, events, jobs, engine: database.kind });
  const textExtraction = createTextExtraction({
    db,
    jobs,
    storage,
    events,
    log,
    // Tests wait for a failed extraction's tries, which they need not space out.
    ...(config.env === 'test' ? { retryDelaySeconds: 0 } : {}),
  });
  return {
    database,
    db,
    config,
    log,
    cache,
    events,
    jobs,
    storage,
    mailer,
    limits,
    realtime,
    unreads,
    search,
    textExtraction,
  };
}

import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** Carries the keys to drop to every cache: of all processes through Redis, else of this process. */
export type InvalidationBus = {
  publish(keys: readonly string[]): void;
  close(): Promise<void>;
};

export type BusOptions = {
  redisUrl?: string | undefined;
  redisKeyPrefix?: string | undefined;
  /** Called with the keys another cache published. */
  onKeys(keys: string[]): void;
  /** Called when messages may have been missed (the subscriber lost Redis): drop everything. */
  onGap(): void;
  log: { warn(details: object, message: string): void };
  /**
   * Whether the caches of this process hear each other at once, not only through Redis (on by
   * default: two apps of one test process; off to test the Redis path alone).
   */
  inProcess?: boolean;
};

/** The caches of this process (several apps in one test process on one database, say). */
const local = new EventEmitter().setMaxListeners(0);

/**
 * Drops keys in every cache of this process, whatever their bus: for writes made beside the
 * services (the test factories' plain SQL).
 */
export function invalidateInThisProcess(keys: readonly string[]): void {
  local.emit('drop', [...keys]);
}

export function createInvalidationBus(options: BusOptions): InvalidationBus {
  const id = randomUUID();
  const drop = (keys: string[]) => options.onKeys(keys);
  local.on('drop', drop);
  const inProcess = !options.redisUrl || options.inProcess !== false;
  const listener = (from: string, keys: string[]) => {
    if (from !== id) options.onKeys(keys);
  };
  if (inProcess) local.on('keys', listener);
  const closeLocal = () => {
    local.off('keys', listener);
    local.off('drop', drop);
  };
  if (!options.redisUrl) {
    return {
      publish: (keys) => void local.emit('keys', id, [...keys]),
      close: async () => closeLocal(),
    };
  }

  const channel = `${options.redisKeyPrefix ?? ''}cache:invalidate`;
  const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  // A subscribed connection can do nothing else: one of its own.
  const sub = pub.duplicate();
  let lost = false;
  let closed = false;
  for (const client of [pub, sub]) {
    client.on('error', (err: Error) => options.log.warn({ err }, 'cache invalidation: redis'));
  }
  sub.on('close', () => {
    if (!closed) lost = true;
  });
  sub.on('ready', () => {
    // ioredis subscribes again by itself; what was published meanwhile never came.
    if (lost) options.onGap();
    lost = false;
  });
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(message) as { from: string; keys: string[] };
      if (parsed.from !== id && Array.isArray(parsed.keys)) options.onKeys(parsed.keys);
    } catch {
      // Not ours.
    }
  });
  void sub.subscribe(channel).catch((err: unknown) => options.log.warn({ err }, 'cache invalidation: subscribe'));
  return {
    publish(keys) {
      if (keys.length === 0) return;
      if (inProcess) local.emit('keys', id, [...keys]);
      pub.publish(channel, JSON.stringify({ from: id, keys })).catch((err: unknown) => {
        // Other processes keep what they hold until its time runs out (the cache's TTL).
        options.log.warn({ err }, 'cache invalidation: publish failed');
      });
    },
    async close() {
      closed = true;
      closeLocal();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

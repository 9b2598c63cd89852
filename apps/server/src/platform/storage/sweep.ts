import { prefixOfKey } from './keys.ts';
import type { StorageRepository } from './repository.ts';
import type { StorageDriver } from './types.ts';

/** Volatile uploads never published are deleted after a day (the spec's sweep). */
export const VOLATILE_TTL_MS = 24 * 60 * 60 * 1000;
/** A quarantine row (the bytes are gone already) stays this long as a record for administrators. */
export const QUARANTINE_RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const BATCH = 200;

export type SweepDeps = {
  repository: StorageRepository;
  driver: StorageDriver;
  log: { warn(details: object, message: string): void };
};

/**
 * Deletes, a batch at a time, the bytes and then the rows of uploads never published (or never
 * finished) for a day, of removed uploads, and of old quarantine records. Bytes that cannot be
 * deleted keep their row, so a later sweep tries again; the sweep then fails for the job to retry.
 */
export function createSweep(deps: SweepDeps) {
  return async function sweep(now: Date = new Date()): Promise<{ removed: number }> {
    const staleBefore = new Date(now.getTime() - VOLATILE_TTL_MS);
    const quarantineBefore = new Date(now.getTime() - QUARANTINE_RECORD_TTL_MS);
    let removed = 0;
    for (;;) {
      const rows = await deps.repository.sweepable(staleBefore, quarantineBefore, BATCH);
      const results = await Promise.allSettled(rows.map((row) => deps.driver.deletePrefix(prefixOfKey(row.key))));
      const done = rows.filter((_, i) => results[i]!.status === 'fulfilled').map((row) => row.id);
      await deps.repository.deleteRows(done);
      removed += done.length;
      if (done.length < rows.length) {
        const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        deps.log.warn({ err: failure.reason }, 'storage sweep could not delete some objects');
        throw new Error(`storage sweep: ${rows.length - done.length} objects could not be deleted`);
      }
      if (rows.length < BATCH) return { removed };
    }
  };
}

import type { StorageDirectory } from '@agora/contracts';
import { forbidden, unprocessable } from '../errors.ts';
import type { Actor } from '../policy/index.ts';
import type { StorageRepository } from './repository.ts';
import type { StoredObjectRow } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type LockRequest = string | null | 'default';

export type LockDeps = {
  repository: StorageRepository;
  loadReadable(actor: Actor, networkId: string, directory: StorageDirectory, id: string): Promise<StoredObjectRow>;
  ownerAllows(actor: Actor, row: StoredObjectRow, rule: 'canLock'): Promise<boolean>;
  lockedByOther(actor: Actor, row: StoredObjectRow, now: Date): boolean;
  settings(networkId: string): Promise<{ default_lock_period_days: number }>;
};

/**
 * `PUT /api/storage/{directory}/{id}/lock`: a lock until a time (`'default'`: now plus the
 * network's default lock period), or none (`null`). The owner's `canLock` decides, the uploader
 * for objects not attached yet; a lock someone else holds can be changed by them or a network admin only.
 */
export function createLocks(deps: LockDeps) {
  return {
    async lock(
      actor: Actor,
      directory: StorageDirectory,
      id: string,
      until: LockRequest,
      now: Date = new Date(),
    ): Promise<StoredObjectRow> {
      const row = await deps.loadReadable(actor, actor.networkId, directory, id);
      if (!(await deps.ownerAllows(actor, row, 'canLock'))) throw forbidden();
      if (deps.lockedByOther(actor, row, now) && !actor.isNetworkAdmin) throw forbidden('locked');
      let lockedUntil: Date | null = null;
      if (until === 'default') {
        const { default_lock_period_days: days } = await deps.settings(actor.networkId);
        lockedUntil = new Date(now.getTime() + days * DAY_MS);
      } else if (until !== null) {
        lockedUntil = new Date(until);
        if (Number.isNaN(lockedUntil.getTime()) || lockedUntil <= now) {
          throw unprocessable({ locked_until: ['must_be_in_future'] });
        }
      }
      return deps.repository.update(row.id, { lockedUntil, lockedById: lockedUntil ? actor.membershipId : null });
    },
  };
}

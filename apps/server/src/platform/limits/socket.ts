import { CHAT_ERROR_KEYS } from '@agora/contracts';
import type { Actor } from '../policy/index.ts';
import { retryAfterSeconds, type Limits } from './limits.ts';

/** The error of an acknowledgement (`{ok: false, error}`) to an event over budget. */
export type EventRefusal = {
  key: string;
  status: number;
  /** Whole seconds to wait (`retry_after`), and the same in milliseconds. */
  details: { retry_after: number; retry_after_ms: number };
};

/**
 * Whether a member's socket event may be handled: each event of any module draws its cost (1,
 * more for those that write) from the member's `socketEvents` budget (all their connections, on
 * every process with Redis). Over budget it is answered `too_many_requests` with the time to
 * wait, and not handled at all.
 */
export function socketEventAdmission(limits: Limits) {
  return async (actor: Actor, _event: string, cost = 1): Promise<EventRefusal | null> => {
    const subject = { networkId: actor.networkId, membershipId: actor.membershipId };
    const result = await limits.take('socketEvents', subject, cost);
    if (result.ok) return null;
    return {
      key: CHAT_ERROR_KEYS.tooManyRequests,
      status: 429,
      details: { retry_after: retryAfterSeconds(result), retry_after_ms: result.retryAfterMs },
    };
  };
}

import type { Unreads } from '@agora/contracts';

/**
 * The Files counter of the user bar: unseen files in the member's folders (`Files` of the
 * unreads, as `/unreads/features` sums them).
 */
export function unreadFiles(unreads: Unreads | undefined): number {
  return unreads?.Files ?? 0;
}

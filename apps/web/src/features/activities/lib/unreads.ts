import type { Unreads } from '@agora/contracts';

/** The Activities counter of the user bar: new posts in the member's home streams. */
export function unreadActivities(unreads: Unreads | undefined): number {
  return unreads?.Activities ?? 0;
}

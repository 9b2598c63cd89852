import { addHours, endOfDay, endOfWeek } from 'date-fns';
import { CHAT_MUTED_FOREVER } from '@agora/contracts';

export const MUTE_OPTIONS = ['hour', 'day', 'week', 'forever'] as const;
export type MuteOption = (typeof MUTE_OPTIONS)[number];

/**
 * Until when a chat stays muted (spec 4): one hour from now, the rest of the day, the rest of the
 * week (until Sunday 23:59:59 local time), or forever (9999-12-31).
 */
export function mutedUntil(option: MuteOption, now: Date = new Date()): string {
  switch (option) {
    case 'hour':
      return addHours(now, 1).toISOString();
    case 'day':
      return endOfDay(now).toISOString();
    case 'week':
      return endOfWeek(now, { weekStartsOn: 1 }).toISOString();
    case 'forever':
      return CHAT_MUTED_FOREVER;
  }
}

/** Whether a muted-until time means "forever" rather than a date to show. */
export function isMutedForever(until: string | null): boolean {
  return !!until && until.startsWith('9999-');
}

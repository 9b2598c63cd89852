import { describe, expect, it } from 'vitest';
import { CHAT_MUTED_FOREVER } from '@agora/contracts';
import { isMutedForever, mutedUntil } from './mute-times.ts';

// Wednesday, 18 November 2026, 14:30 local time.
const now = new Date(2026, 10, 18, 14, 30, 0);

describe('mutedUntil (spec 4)', () => {
  it('mutes for one hour', () => {
    expect(new Date(mutedUntil('hour', now)).getTime() - now.getTime()).toBe(60 * 60 * 1000);
  });

  it('mutes for the rest of the day', () => {
    const until = new Date(mutedUntil('day', now));
    expect([until.getDate(), until.getHours(), until.getMinutes(), until.getSeconds()]).toEqual([18, 23, 59, 59]);
  });

  it('mutes for the rest of the week, until Sunday 23:59:59', () => {
    const until = new Date(mutedUntil('week', now));
    expect([until.getDay(), until.getDate(), until.getHours(), until.getMinutes(), until.getSeconds()]).toEqual([
      0, 22, 23, 59, 59,
    ]);
    // On a Sunday it is the end of that same day.
    const sunday = new Date(mutedUntil('week', new Date(2026, 10, 22, 10, 0)));
    expect([sunday.getDate(), sunday.getHours()]).toEqual([22, 23]);
  });

  it('mutes forever (9999-12-31)', () => {
    expect(mutedUntil('forever', now)).toBe(CHAT_MUTED_FOREVER);
    expect(isMutedForever(CHAT_MUTED_FOREVER)).toBe(true);
    expect(isMutedForever(mutedUntil('week', now))).toBe(false);
  });
});

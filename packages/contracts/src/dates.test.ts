import { describe, expect, it } from 'vitest';
import { CHAT_MUTED_FOREVER, muteChatSchema } from './chat.ts';
import { daySchema, instantSchema, isInDateRange, localDateTimeSchema } from './dates.ts';

describe('the date range', () => {
  it.each(['1900-01-01', '2200-12-31', '2026-11-25T10:00', '2200-12-31T11:00:00+12:00'])('takes %s', (value) =>
    expect(isInDateRange(value)).toBe(true),
  );
  it.each(['1899-12-31', '2201-01-01', '0000-01-01', '2200-12-31T23:00:00-12:00'])('refuses %s', (value) =>
    expect(isInDateRange(value)).toBe(false),
  );

  it('answers out_of_range, and invalid for what is no date at all', () => {
    expect(daySchema.safeParse('9999-12-31').error?.issues[0]?.message).toBe('out_of_range');
    expect(localDateTimeSchema.safeParse('0001-01-01T10:00').error?.issues[0]?.message).toBe('out_of_range');
    expect(instantSchema.safeParse('9999-12-31T23:59:59-12:00').error?.issues[0]?.message).toBe('out_of_range');
    expect(daySchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('invalid');
  });
});

describe('muting a chat', () => {
  const base = { chat_id: 'network' };
  it('takes the spec\'s "forever", however it is written, as one value', () => {
    for (const muted_until of [CHAT_MUTED_FOREVER, '9999-12-31', '9999-12-31T23:59:59-12:00'])
      expect(muteChatSchema.parse({ ...base, muted_until }).muted_until).toBe(CHAT_MUTED_FOREVER);
  });
  it('takes times in the range and refuses others', () => {
    expect(muteChatSchema.parse({ ...base, muted_until: '2026-12-01T10:00:00Z' }).muted_until).toBe(
      '2026-12-01T10:00:00Z',
    );
    expect(muteChatSchema.safeParse({ ...base, muted_until: '9998-01-01T00:00:00Z' }).success).toBe(false);
  });
});

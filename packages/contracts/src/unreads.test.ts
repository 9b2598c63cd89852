import { describe, expect, it } from 'vitest';
import { badgeLabel } from './unreads.ts';

describe('badgeLabel', () => {
  it('shows counts up to 99 as they are', () => {
    expect(badgeLabel(1, 'new')).toBe('1');
    expect(badgeLabel(99, 'new')).toBe('99');
  });

  it('shows 99+ above 99', () => {
    expect(badgeLabel(100, 'new')).toBe('99+');
    expect(badgeLabel(12345, 'new')).toBe('99+');
  });

  it('shows "new" for -1 and nothing for zero', () => {
    expect(badgeLabel(-1, 'neu')).toBe('neu');
    expect(badgeLabel(0, 'new')).toBeNull();
  });
});

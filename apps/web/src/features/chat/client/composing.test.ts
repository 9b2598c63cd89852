import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composingMembers, noteComposing, stopComposing } from './composing.ts';

const anna = { id: 'a'.repeat(24), name: 'Anna', image_id: null };
const ben = { id: 'b'.repeat(24), name: 'Ben', image_id: null };

describe('who is typing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each member for 2 s after their last composing push', () => {
    noteComposing('network', anna);
    vi.advanceTimersByTime(1500);
    noteComposing('network', anna);
    noteComposing('network', ben);
    expect(composingMembers('network').map((m) => m.name)).toEqual(['Anna', 'Ben']);
    vi.advanceTimersByTime(1999);
    expect(composingMembers('network')).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(composingMembers('network')).toEqual([]);
    expect(composingMembers('group/x')).toEqual([]);
  });

  it('ends at once when the member’s message arrives', () => {
    noteComposing('network', anna);
    stopComposing('network', anna.id);
    expect(composingMembers('network')).toEqual([]);
  });
});

import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMarkAsRead } from './use-mark-as-read.ts';

describe('useMarkAsRead', () => {
  let focused: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function mount(messageId: string | undefined, atEnd = true) {
    const markAsRead = vi.fn();
    const hook = renderHook(
      (props: { id: string | undefined; atEnd: boolean }) => useMarkAsRead(props.id, props.atEnd, markAsRead),
      { initialProps: { id: messageId, atEnd } },
    );
    return { markAsRead, ...hook };
  }

  it('marks the newest message read 1 s after the end was reached', () => {
    const { markAsRead } = mount('m1');
    vi.advanceTimersByTime(999);
    expect(markAsRead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(markAsRead).toHaveBeenCalledExactlyOnceWith('m1');
  });

  it('restarts the timer for a newer message', () => {
    const { markAsRead, rerender } = mount('m1');
    vi.advanceTimersByTime(600);
    rerender({ id: 'm2', atEnd: true });
    vi.advanceTimersByTime(600);
    expect(markAsRead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(markAsRead).toHaveBeenCalledExactlyOnceWith('m2');
  });

  it('does nothing away from the end, and stops when the room is left', () => {
    const { markAsRead, rerender, unmount } = mount('m1', false);
    vi.advanceTimersByTime(5000);
    expect(markAsRead).not.toHaveBeenCalled();
    rerender({ id: 'm1', atEnd: true });
    vi.advanceTimersByTime(500);
    unmount();
    vi.advanceTimersByTime(5000);
    expect(markAsRead).not.toHaveBeenCalled();
  });

  it('waits for window focus before the timer runs', () => {
    focused = false;
    const { markAsRead } = mount('m1');
    vi.advanceTimersByTime(10_000);
    expect(markAsRead).not.toHaveBeenCalled();
    focused = true;
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(999);
    expect(markAsRead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(markAsRead).toHaveBeenCalledExactlyOnceWith('m1');
  });

  it('stops when the window loses focus before the second is over', () => {
    const { markAsRead } = mount('m1');
    vi.advanceTimersByTime(500);
    focused = false;
    window.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(5000);
    expect(markAsRead).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(1000);
    expect(markAsRead).toHaveBeenCalledExactlyOnceWith('m1');
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { themeSchema, type ActiveTheme } from '@agora/contracts';
import { LOGO_EXTENDED_HEIGHT, LOGO_MIN_HEIGHT, useHeaderHeight } from './use-logo-shrink.ts';

function theme(values: Record<string, unknown>): ActiveTheme {
  return {
    ...themeSchema.parse(values),
    derivedColors: {
      primary_hover: '#000000',
      primary_contrast_text: '#ffffff',
      header_border: '#dddddd',
      userbar_active_background: '#eeeeee',
    },
  };
}

function scrollTo(y: number, width = 800) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('useHeaderHeight', () => {
  beforeEach(() => {
    // Frames run at once; 0 tells the hook no frame is pending.
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    scrollTo(0);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the plain header at the minimum logo height', () => {
    const { result } = renderHook(() => useHeaderHeight(theme({})));
    expect(result.current).toBe(LOGO_MIN_HEIGHT);
  });

  it('shrinks an extended logo over an image banner while scrolling on narrow windows, down to the minimum', () => {
    const extended = theme({ logoType: 'extended', bannerType: 'image' });
    const { result } = renderHook(() => useHeaderHeight(extended));
    expect(result.current).toBe(LOGO_EXTENDED_HEIGHT);
    scrollTo(30);
    expect(result.current).toBe(LOGO_EXTENDED_HEIGHT - 30);
    scrollTo(500);
    expect(result.current).toBe(LOGO_MIN_HEIGHT);
  });

  it('does not shrink on windows as wide as the breakpoint, nor without an image banner', () => {
    const wide = renderHook(() => useHeaderHeight(theme({ logoType: 'extended', bannerType: 'image' })));
    scrollTo(500, 1024);
    expect(wide.result.current).toBe(LOGO_EXTENDED_HEIGHT);
    const colour = renderHook(() => useHeaderHeight(theme({ logoType: 'extended', bannerType: 'color' })));
    scrollTo(500, 800);
    expect(colour.result.current).toBe(LOGO_EXTENDED_HEIGHT);
  });
});

import { useEffect, useState } from 'react';
import type { ActiveTheme } from '@agora/contracts';

export const LOGO_MIN_HEIGHT = 60;
export const LOGO_EXTENDED_HEIGHT = 120;
const DEFAULT_BREAKPOINT = 1024;

/** The breakpoint can be overridden by the style variable --logo-shrink-breakpoint. */
function breakpoint(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--logo-shrink-breakpoint');
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_BREAKPOINT;
}

/**
 * The header's height: an extended logo over an image banner shrinks while scrolling on
 * windows narrower than the breakpoint, down to the minimum logo height.
 */
export function useHeaderHeight(theme: ActiveTheme | null): number {
  const extended = theme?.logoType === 'extended';
  const shrinks = extended && theme?.bannerType === 'image';
  const full = extended ? LOGO_EXTENDED_HEIGHT : LOGO_MIN_HEIGHT;
  const [scrolledHeight, setScrolledHeight] = useState(full);

  useEffect(() => {
    if (!shrinks) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const narrow = window.innerWidth < breakpoint();
      setScrolledHeight(narrow ? Math.max(LOGO_MIN_HEIGHT, full - window.scrollY) : full);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [shrinks, full]);

  return shrinks ? scrolledHeight : full;
}

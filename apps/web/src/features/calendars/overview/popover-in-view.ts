import { useEffect, type RefObject } from 'react';

/** The space kept between the popover and the window's edges, as FullCalendar keeps it. */
const MARGIN = 10;

/** How far to move a box from `start` to `end` (along one axis) back inside `0..size`. */
function shiftInto(start: number, end: number, size: number): number {
  const overflow = end - (size - MARGIN);
  if (overflow <= 0) return 0;
  // Never past the near edge: a box larger than the window keeps its start in view.
  return -Math.max(0, Math.min(overflow, start - MARGIN));
}

/**
 * Moves FullCalendar's "+n more" popover back inside the window. FullCalendar lays it over the
 * day cell and keeps it from the edges as it inserts it, but measures it before the appointments
 * are drawn into it (React fills it a moment later), so a day at the right or low on the screen
 * would open it partly outside. Its width and height are bounded in the stylesheet.
 */
export function keepInView(popover: HTMLElement): void {
  const rect = popover.getBoundingClientRect();
  const { clientWidth, clientHeight } = document.documentElement;
  const dx = shiftInto(rect.left, rect.right, clientWidth || window.innerWidth);
  const dy = shiftInto(rect.top, rect.bottom, clientHeight || window.innerHeight);
  if (dx) popover.style.left = `${(parseFloat(popover.style.left) || 0) + dx}px`;
  if (dy) popover.style.top = `${(parseFloat(popover.style.top) || 0) + dy}px`;
}

/** Keeps every "+n more" popover opened inside `container` within the window while it grows. */
export function useKeepPopoverInView(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root || typeof MutationObserver === 'undefined' || typeof ResizeObserver === 'undefined') return;
    const sizes = new ResizeObserver((entries) => {
      for (const entry of entries) keepInView(entry.target as HTMLElement);
    });
    const inserted = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.classList.contains('fc-more-popover')) sizes.observe(node);
        }
        for (const node of record.removedNodes) {
          if (node instanceof HTMLElement && node.classList.contains('fc-more-popover')) sizes.unobserve(node);
        }
      }
    });
    inserted.observe(root, { childList: true, subtree: true });
    return () => {
      inserted.disconnect();
      sizes.disconnect();
    };
  }, [container]);
}

import { afterEach, describe, expect, it } from 'vitest';
import { keepInView } from './popover-in-view.ts';

/** The window's size, as the document's root element reports it. */
function windowSize(width: number, height: number) {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: height });
}

/** A popover FullCalendar has placed at `top` and `left` (its offset parent at the window's corner). */
function popover(top: number, height: number, left = 0, width = 200): HTMLElement {
  const el = document.createElement('div');
  el.style.top = `${top}px`;
  el.style.left = `${left}px`;
  el.getBoundingClientRect = () => {
    const y = parseFloat(el.style.top);
    const x = parseFloat(el.style.left);
    return { top: y, bottom: y + height, left: x, right: x + width, width, height } as DOMRect;
  };
  return el;
}

describe('the "+n more" popover within the window', () => {
  afterEach(() => {
    Reflect.deleteProperty(document.documentElement, 'clientWidth');
    Reflect.deleteProperty(document.documentElement, 'clientHeight');
  });

  it('moves a popover reaching below the window up, keeping the margin', () => {
    windowSize(1440, 800);
    const el = popover(700, 200);
    keepInView(el);
    expect(el.style.top).toBe('590px');
  });

  it('leaves one that fits where it is', () => {
    windowSize(1440, 800);
    const el = popover(300, 200);
    keepInView(el);
    expect(el.style.top).toBe('300px');
    expect(el.style.left).toBe('0px');
  });

  it('moves one filled wider than FullCalendar measured it back from the right edge', () => {
    windowSize(1440, 900);
    const el = popover(100, 200, 1101, 352);
    keepInView(el);
    expect(el.style.left).toBe('1078px');
    expect(el.style.top).toBe('100px');
  });

  it('never moves one above the window’s top', () => {
    windowSize(1440, 300);
    const el = popover(40, 400);
    keepInView(el);
    expect(el.style.top).toBe('10px');
  });
});

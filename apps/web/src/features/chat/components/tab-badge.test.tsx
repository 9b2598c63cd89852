import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setPageTitleSuffix } from '../../../app/shell/page-title.ts';
import { tabBadgePrefix, useTabBadge } from './tab-badge.ts';

describe('the tab badge', () => {
  it('counts chats with unread messages, 99+ above 99, nothing at 0', () => {
    expect(tabBadgePrefix(0)).toBe('');
    expect(tabBadgePrefix(3)).toBe('(3) ');
    expect(tabBadgePrefix(99)).toBe('(99) ');
    expect(tabBadgePrefix(100)).toBe('(99+) ');
  });

  it('goes before the page title and leaves it as it was at 0', () => {
    setPageTitleSuffix('Acme');
    const view = renderHook(({ count }) => useTabBadge(count), { initialProps: { count: 2 } });
    expect(document.title).toBe('(2) Acme');
    view.rerender({ count: 120 });
    expect(document.title).toBe('(99+) Acme');
    view.rerender({ count: 0 });
    expect(document.title).toBe('Acme');
    view.rerender({ count: 1 });
    view.unmount();
    expect(document.title).toBe('Acme');
  });
});

import { useEffect } from 'react';
import { badgeLabel } from '@agora/contracts';
import { setPageTitlePrefix } from '../../../app/shell/page-title.ts';

/** "(3) " before the tab's title: chats with unread messages (99+ above 99), nothing at 0 (spec 4). */
export function tabBadgePrefix(count: number): string {
  const label = badgeLabel(count, '');
  return label ? `(${label}) ` : '';
}

export function useTabBadge(count: number) {
  useEffect(() => {
    setPageTitlePrefix(tabBadgePrefix(count));
  }, [count]);
  useEffect(() => () => setPageTitlePrefix(''), []);
}

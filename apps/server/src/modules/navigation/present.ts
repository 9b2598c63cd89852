import type { AppNavigationAnswer, AppNavigationItem, NavigationAnswer, NavigationItem } from '@agora/contracts';
import type { AppNavigationRow, NavigationRow } from './repository.ts';

export function presentNavigation(row: NavigationRow | undefined, items?: NavigationItem[]): NavigationAnswer {
  return {
    navigation_items: items ?? ((row?.items ?? []) as NavigationItem[]),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export function presentAppNavigation(
  row: AppNavigationRow | undefined,
  items: AppNavigationItem[],
): AppNavigationAnswer {
  return { items, updated_at: row?.updatedAt.toISOString() ?? null };
}

import type { AppNavigationItem, NavigationItem } from '@agora/contracts';

/** What a navigation save changed, by the items' texts and links at every level. */
export type NavigationChanges = { added: string[]; removed: string[]; before_count: number; after_count: number };

function flatten(items: NavigationItem[], prefix = ''): string[] {
  return items.flatMap((item) => {
    const name = `${prefix}${item.text}`;
    const flags = [item.public ? 'public' : '', item.new_window ? 'new_window' : ''].filter(Boolean).join(',');
    return [`${name} -> ${item.link}${flags ? ` [${flags}]` : ''}`, ...flatten(item.navigation_items, `${name} / `)];
  });
}

export function navigationChanges(before: NavigationItem[], after: NavigationItem[]): NavigationChanges {
  const was = flatten(before);
  const is = flatten(after);
  return {
    added: is.filter((entry) => !was.includes(entry)),
    removed: was.filter((entry) => !is.includes(entry)),
    before_count: was.length,
    after_count: is.length,
  };
}

/** The app navigation's items that differ from before, by position. */
export function appNavigationChanges(before: AppNavigationItem[], after: AppNavigationItem[]) {
  const changed = after
    .map((item, index) => ({ index, before: before[index], after: item }))
    .filter(({ before: was, after: is }) => JSON.stringify(was) !== JSON.stringify(is))
    .map(({ index, before: was, after: is }) => ({
      position: index + 1,
      before: was ? `${was.label} (${was.type})` : null,
      after: `${is.label} (${is.type})`,
    }));
  return { changed };
}

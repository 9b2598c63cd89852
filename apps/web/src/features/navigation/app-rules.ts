import { arrayMove } from '@dnd-kit/sortable';
import {
  APP_NAVIGATION_LIMITS,
  appNavigationItemsSchema,
  canBeEntryPoint,
  isDefaultAppNavigationType,
  isSameHostLink,
  type AppNavigationItem,
  type AppNavigationType,
} from '@agora/contracts';

/** The app navigation editor's rules (administration spec, sections 4 and 5), without the page. */

export const canAddItem = (items: AppNavigationItem[]) => items.length < APP_NAVIGATION_LIMITS.items;

/** Save needs exactly five items (the button is disabled below five) and one entry point. */
export const canSave = (items: AppNavigationItem[]) =>
  items.length === APP_NAVIGATION_LIMITS.items && appNavigationItemsSchema.safeParse(items).success;

/** The entry point stays on an item that can be one: the first such item when it must move. */
function keepEntryPoint(items: AppNavigationItem[]): AppNavigationItem[] {
  const current = items.findIndex((item) => item.isEntryPoint);
  if (current >= 0 && canBeEntryPoint(items[current]!.type)) return items;
  const next = items.findIndex((item) => canBeEntryPoint(item.type));
  return items.map((item, index) => ({ ...item, isEntryPoint: index === next }));
}

export function setEntryPoint(items: AppNavigationItem[], index: number): AppNavigationItem[] {
  if (!items[index] || !canBeEntryPoint(items[index].type)) return items;
  return items.map((item, i) => ({ ...item, isEntryPoint: i === index }));
}

/** The screens of the app already shown elsewhere: each one only once. */
export function usedDefaultTypes(items: AppNavigationItem[], except?: { index: number; entry?: number }): Set<string> {
  const used = new Set<string>();
  items.forEach((item, index) => {
    if (!(except && except.index === index && except.entry === undefined)) used.add(item.type);
    (item.options.items ?? []).forEach((entry, e) => {
      if (!(except && except.index === index && except.entry === e)) used.add(entry.type);
    });
  });
  return new Set([...used].filter(isDefaultAppNavigationType));
}

/** A new type: default screens are flagged, the options fit the type, the entry point moves off a link. */
export function changeType(items: AppNavigationItem[], index: number, type: AppNavigationType): AppNavigationItem[] {
  const next = items.map((item, i) => {
    if (i !== index) return item;
    const options =
      type === 'link'
        ? { url: item.options.url ?? '', open_in: item.options.open_in ?? 'webview' }
        : type === 'more'
          ? { items: item.options.items ?? [] }
          : type === 'page'
            ? { page: item.options.page ?? null }
            : type === 'activitystream'
              ? { activitystream: item.options.activitystream ?? null }
              : {};
    return { ...item, type, isDefault: isDefaultAppNavigationType(type), options };
  });
  return keepEntryPoint(next);
}

/** A link to this host opens in the webview: the browser choice is taken away. */
export function setLinkUrl(items: AppNavigationItem[], index: number, url: string, host: string): AppNavigationItem[] {
  return items.map((item, i) =>
    i === index
      ? {
          ...item,
          options: { ...item.options, url, open_in: isSameHostLink(url, host) ? 'webview' : item.options.open_in },
        }
      : item,
  );
}

/** Whether the address is one the app can open (http or https). */
export function isValidLink(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** The more item is not draggable and stays last: drops on it or moves of it are refused. */
export function reorder(items: AppNavigationItem[], from: string, to: string): AppNavigationItem[] {
  const a = items.findIndex((item) => item.id === from);
  const b = items.findIndex((item) => item.id === to);
  if (a < 0 || b < 0 || items[a]!.type === 'more' || items[b]!.type === 'more') return items;
  return arrayMove(items, a, b);
}

let added = 0;
/** A fresh item: a link, added before the more item. */
export function addItem(items: AppNavigationItem[], label: string): AppNavigationItem[] {
  if (!canAddItem(items)) return items;
  const item: AppNavigationItem = {
    id: `item-${Date.now().toString(36)}-${++added}`,
    label,
    type: 'link',
    icon: 'link',
    isEntryPoint: false,
    isDefault: false,
    options: { url: '', open_in: 'webview' },
  };
  const more = items.findIndex((i) => i.type === 'more');
  const next = more < 0 ? [...items, item] : [...items.slice(0, more), item, ...items.slice(more)];
  return keepEntryPoint(next);
}

export function removeItem(items: AppNavigationItem[], index: number): AppNavigationItem[] {
  return keepEntryPoint(items.filter((_, i) => i !== index));
}

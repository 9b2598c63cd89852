import { useSyncExternalStore } from 'react';

/** The chat panel's code, which the drawer shows; asked for as the drawer's own loads. */
export const loadChatPanel = () => import('./chat-panel.tsx');

/** Whether the header's chat drawer is open; a desktop notification's click opens it too. */
let opened = false;
const listeners = new Set<() => void>();

function publish(next: boolean) {
  opened = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openChatDrawer() {
  publish(true);
}

export function closeChatDrawer() {
  publish(false);
}

export function useChatDrawer(): { opened: boolean; open(): void; close(): void; toggle(): void } {
  const current = useSyncExternalStore(subscribe, () => opened);
  return { opened: current, open: openChatDrawer, close: closeChatDrawer, toggle: () => publish(!opened) };
}

import { useSyncExternalStore } from 'react';

/** The chat panel's in-app routes (spec 2). */
export type ChatView =
  | { name: 'root' }
  | { name: 'newChat' }
  | { name: 'showChat'; chatId: string }
  | { name: 'showChatAttachments'; chatId: string }
  | { name: 'showChatImages'; chatId: string }
  | { name: 'showMessageImageGallery'; chatId: string; id: string; imageId: string };

const ROOT: ChatView = { name: 'root' };

/** What was shown before, so that back() returns there; the root clears it. */
let stack: ChatView[] = [ROOT];
const listeners = new Set<() => void>();

function publish(next: ChatView[]) {
  stack = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentChatView(): ChatView {
  return stack[stack.length - 1]!;
}

export function goToChatView(view: ChatView) {
  publish(view.name === 'root' ? [ROOT] : [...stack, view]);
}

export function chatViewBack() {
  publish(stack.length > 1 ? stack.slice(0, -1) : [ROOT]);
}

/**
 * The panel's view, shared by the header's drawer and the /chat page (one panel at a time), and
 * kept while the drawer is closed: reopening it shows the chat that was open.
 */
export function useChatNavigation(): { view: ChatView; go(view: ChatView): void; back(): void } {
  const view = useSyncExternalStore(subscribe, currentChatView);
  return { view, go: goToChatView, back: chatViewBack };
}

/** The chat the member looks at, for the notifications: none while the panel is out of sight. */
let visiblePanels = 0;

export function registerVisiblePanel(): () => void {
  visiblePanels += 1;
  return () => {
    visiblePanels -= 1;
  };
}

export function openChatId(): string | null {
  if (visiblePanels === 0) return null;
  const view = currentChatView();
  return 'chatId' in view ? view.chatId : null;
}

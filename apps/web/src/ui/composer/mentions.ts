import { Extension } from '@tiptap/core';
import { Mention } from '@tiptap/extension-mention';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';

/** `@` mentions a member (by membership id), `#` a group. */
export type MentionMarker = '@' | '#';
export const MENTION_MARKERS: readonly MentionMarker[] = ['@', '#'];

/** A suggestion list open at the cursor: what was typed after the marker, and how to insert a choice. */
export type MentionQuery = {
  marker: MentionMarker;
  query: string;
  rect: DOMRect | null;
  insert: (item: { id: string; label: string }) => void;
};

/**
 * Connects the editor's suggestion plugins with the list React renders: the plugins report the
 * query, the list reports how it handles the arrow keys, Enter and Tab.
 */
export class MentionController {
  private query: MentionQuery | null = null;
  private listeners = new Set<() => void>();
  private keyHandler: ((event: KeyboardEvent) => boolean) | null = null;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.query;

  /** The list's handling of a key; true when it took the key. */
  setKeyHandler(handler: ((event: KeyboardEvent) => boolean) | null) {
    this.keyHandler = handler;
  }

  handleKey(event: KeyboardEvent): boolean {
    return this.keyHandler?.(event) ?? false;
  }

  set(query: MentionQuery | null) {
    this.query = query;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The mention node as the server reads it:
 * `<span data-type="mention" data-id="…" data-label="…" data-marker="@">@Name</span>`.
 */
const MarkedMention = Mention.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      mentionSuggestionChar: {
        default: '@',
        parseHTML: (element: HTMLElement) =>
          element.getAttribute('data-marker') ?? element.getAttribute('data-mention-suggestion-char') ?? '@',
        renderHTML: (attributes: Record<string, unknown>) => ({ 'data-marker': attributes.mentionSuggestionChar }),
      },
    };
  },
});

function labelOf(attrs: Record<string, unknown>): string {
  const marker = typeof attrs.mentionSuggestionChar === 'string' ? attrs.mentionSuggestionChar : '@';
  const label = typeof attrs.label === 'string' ? attrs.label : String(attrs.id ?? '');
  return `${marker}${label}`;
}

/** The mention extension with an `@` and a `#` suggestion reporting to `controller`. */
export function mentionExtension(controller: MentionController) {
  return MarkedMention.configure({
    renderText: ({ node }) => labelOf(node.attrs),
    renderHTML: ({ options, node }) => ['span', options.HTMLAttributes, labelOf(node.attrs)],
    suggestions: MENTION_MARKERS.map((marker) => ({
      char: marker,
      // The list searches by itself (debounced queries); the plugin only reports what was typed.
      items: () => [],
      render: () => {
        const report = (props: SuggestionProps) =>
          controller.set({
            marker,
            query: props.query,
            rect: props.clientRect?.() ?? null,
            insert: (item) => props.command(item),
          });
        return {
          onStart: report,
          onUpdate: report,
          onKeyDown: ({ event }: SuggestionKeyDownProps) => {
            if (event.key === 'Escape') {
              controller.set(null);
              return true;
            }
            return controller.handleKey(event);
          },
          onExit: () => controller.set(null),
        };
      },
    })),
  });
}

/** Ctrl/Cmd+Enter belongs to the composer (submit), not to the editor's hard break. */
export const SubmitShortcut = Extension.create({
  name: 'composerSubmitShortcut',
  priority: 1000,
  addKeyboardShortcuts() {
    return { 'Mod-Enter': () => true };
  },
});

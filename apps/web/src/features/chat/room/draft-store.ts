import { useCallback, useSyncExternalStore } from 'react';
import { CHAT_TIMINGS } from '@agora/contracts';
import { stateOf, type UploadItem } from '../../../ui/upload/index.ts';
import { onChatConnectionClosed } from '../client/connection.ts';

/** The composer's draft of one chat (spec 3): kept while the member switches between chats. */
export type ChatDraft = {
  text: string;
  messageToQuoteId: string | null;
  messageToEditId: string | null;
  fileAttachments: UploadItem[];
  imageAttachments: UploadItem[];
};

export const EMPTY_DRAFT: ChatDraft = {
  text: '',
  messageToQuoteId: null,
  messageToEditId: null,
  fileAttachments: [],
  imageAttachments: [],
};

const STORAGE_PREFIX = 'agora.chat.draft.';

// Module level rather than component state: the room unmounts when the member opens another
// chat, and uploads started in one chat finish while another is shown.
const drafts = new Map<string, ChatDraft>();
const listeners = new Set<() => void>();
const unsaved = new Set<string>();
let saveTimer: ReturnType<typeof setTimeout> | null = null;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Only what survives a reload: an upload still running or failed ends with the page. */
function storable(items: UploadItem[]): UploadItem[] {
  return items.filter((item) => !!item.id && ['volatile', 'published'].includes(stateOf(item)));
}

function isEmpty(draft: ChatDraft): boolean {
  return (
    !draft.text &&
    !draft.messageToQuoteId &&
    !draft.messageToEditId &&
    draft.fileAttachments.length === 0 &&
    draft.imageAttachments.length === 0
  );
}

function restore(chatId: string): ChatDraft {
  const raw = storage()?.getItem(STORAGE_PREFIX + chatId);
  if (!raw) return EMPTY_DRAFT;
  try {
    const stored = JSON.parse(raw) as Partial<ChatDraft>;
    return {
      text: typeof stored.text === 'string' ? stored.text : '',
      messageToQuoteId: stored.messageToQuoteId ?? null,
      messageToEditId: stored.messageToEditId ?? null,
      fileAttachments: Array.isArray(stored.fileAttachments) ? stored.fileAttachments : [],
      imageAttachments: Array.isArray(stored.imageAttachments) ? stored.imageAttachments : [],
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Writes the changed drafts to sessionStorage now (also when the page goes away). */
export function saveDrafts() {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const store = storage();
  for (const chatId of unsaved) {
    const draft = drafts.get(chatId) ?? EMPTY_DRAFT;
    const kept = {
      ...draft,
      fileAttachments: storable(draft.fileAttachments),
      imageAttachments: storable(draft.imageAttachments),
    };
    try {
      if (isEmpty(kept)) store?.removeItem(STORAGE_PREFIX + chatId);
      else store?.setItem(STORAGE_PREFIX + chatId, JSON.stringify(kept));
    } catch {
      // A full or forbidden storage only costs the draft after a reload.
    }
  }
  unsaved.clear();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', saveDrafts);

export function getDraft(chatId: string): ChatDraft {
  let draft = drafts.get(chatId);
  if (!draft) {
    draft = restore(chatId);
    drafts.set(chatId, draft);
  }
  return draft;
}

/** Changes a chat's draft; typing saves it to sessionStorage at most once a second (spec 9). */
export function updateDraft(chatId: string, change: (draft: ChatDraft) => ChatDraft) {
  const current = getDraft(chatId);
  const next = change(current);
  if (next === current) return;
  drafts.set(chatId, next);
  unsaved.add(chatId);
  saveTimer ??= setTimeout(saveDrafts, CHAT_TIMINGS.draftSaveThrottleMs);
  listeners.forEach((listener) => listener());
}

/** Sending resets the draft (spec 4). */
export function resetDraft(chatId: string) {
  updateDraft(chatId, () => EMPTY_DRAFT);
}

/** Quoting mode (spec 4): leaves editing, whose text was the edited message's, not a draft. */
export function startQuoting(chatId: string, messageId: string) {
  updateDraft(chatId, (draft) => ({
    ...draft,
    messageToQuoteId: messageId,
    messageToEditId: null,
    text: draft.messageToEditId ? '' : draft.text,
  }));
}

/** Editing mode (spec 4): the composer holds the message's text; quoting ends. */
export function startEditing(chatId: string, message: { id: string; text: string }) {
  updateDraft(chatId, (draft) => ({
    ...draft,
    messageToEditId: message.id,
    messageToQuoteId: null,
    text: message.text,
  }));
}

/** Back to plain mode: an edit is dropped with its text, a quote only loses the quoted message. */
export function cancelMode(chatId: string) {
  updateDraft(chatId, (draft) => {
    if (draft.messageToEditId) return { ...draft, messageToEditId: null, text: '' };
    if (draft.messageToQuoteId) return { ...draft, messageToQuoteId: null };
    return draft;
  });
}

/** Forgets every draft, in memory and stored (sign-out, tests). */
export function forgetDrafts() {
  const store = storage();
  if (store) {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key?.startsWith(STORAGE_PREFIX)) store.removeItem(key);
  }
  drafts.clear();
  unsaved.clear();
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  listeners.forEach((listener) => listener());
}

// The next member to sign in on this tab must not find the previous one's drafts.
onChatConnectionClosed(forgetDrafts);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chat's draft, re-rendering on every change. */
export function useDraft(chatId: string): ChatDraft {
  const read = useCallback(() => getDraft(chatId), [chatId]);
  return useSyncExternalStore(subscribe, read, read);
}

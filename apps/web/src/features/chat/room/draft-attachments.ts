import { CHAT_LIMITS, type ChatNetworkInfo } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { i18n } from '../../../i18n/index.ts';
import { deleteItems } from '../../../ui/upload/use-upload-field.ts';
import { isAbortError, stateOf, uploadFile, type UploadItem } from '../../../ui/upload/index.ts';
import {
  countTowardLimit,
  isUploading,
  markFailed,
  markUploaded,
  nextClientId,
  queuedItem,
  setProgress,
} from '../../../ui/upload/upload-queue.ts';
import { showToast } from '../../../ui/toast.tsx';
import { getDraft, updateDraft, type ChatDraft } from './draft-store.ts';

/** Chat attachments are storage uploads in these two directories (files and images). */
export type AttachmentKind = 'files' | 'images';

const FIELDS = { files: 'fileAttachments', images: 'imageAttachments' } as const;

export function attachmentsOf(draft: ChatDraft, kind: AttachmentKind): UploadItem[] {
  return draft[FIELDS[kind]];
}

function changeAttachments(chatId: string, kind: AttachmentKind, change: (items: UploadItem[]) => UploadItem[]) {
  updateDraft(chatId, (draft) => {
    const items = draft[FIELDS[kind]];
    const next = change(items);
    return next === items ? draft : { ...draft, [FIELDS[kind]]: next };
  });
}

/** The network's cap (max_file_attachments / max_image_attachments), never above the pickers' own 10. */
export function attachmentCap(kind: AttachmentKind, info: ChatNetworkInfo | undefined): number {
  const network = kind === 'files' ? info?.max_file_attachments : info?.max_image_attachments;
  return Math.min(network ?? CHAT_LIMITS.defaultModalCap, CHAT_LIMITS.defaultModalCap);
}

// Uploads outlive the room: the member may switch chats while a file is still on its way.
const running = new Map<string, AbortController>();

/**
 * Uploads files into a chat's draft, as many as the cap leaves room for; the rest are left out
 * with the "max files" / "max images" toast (spec 5).
 */
export function addAttachments(chatId: string, kind: AttachmentKind, files: File[], cap: number) {
  const room = Math.max(0, cap - countTowardLimit(attachmentsOf(getDraft(chatId), kind)));
  const chosen = files.slice(0, room);
  if (chosen.length < files.length) {
    // Translated here: the toast looks keys up as they are, and these have plural forms.
    showToast(i18n.t(`chat-room:max_${kind}`, { count: cap }), { kind: 'error' });
  }
  const queued = chosen.map((file) => ({ file, item: queuedItem(file, nextClientId()) }));
  if (queued.length === 0) return;
  changeAttachments(chatId, kind, (items) => [...items, ...queued.map(({ item }) => item)]);
  for (const { file, item } of queued) {
    const controller = new AbortController();
    running.set(item.clientId, controller);
    uploadFile(kind, file, {
      signal: controller.signal,
      onProgress: (percent) => changeAttachments(chatId, kind, (items) => setProgress(items, item.clientId, percent)),
    })
      .then((stored) => changeAttachments(chatId, kind, (items) => markUploaded(items, item.clientId, stored)))
      .catch((reason: unknown) => {
        if (isAbortError(reason)) return;
        const status = reason instanceof ApiError ? reason.status : 0;
        changeAttachments(chatId, kind, (items) => markFailed(items, item.clientId, status));
      })
      .finally(() => running.delete(item.clientId));
  }
}

/**
 * Takes an attachment out of the draft: a running upload stops, and an upload already stored
 * (volatile, never sent) is deleted on the server rather than left for the sweep.
 */
export function removeAttachment(chatId: string, kind: AttachmentKind, clientId: string) {
  running.get(clientId)?.abort();
  const item = attachmentsOf(getDraft(chatId), kind).find((candidate) => candidate.clientId === clientId);
  if (!item) return;
  changeAttachments(chatId, kind, (items) => items.filter((candidate) => candidate !== item));
  if (item.id && stateOf(item) === 'volatile') void deleteItems(kind, [item.id]);
}

/** The ids a message sends: the stored uploads (failed ones are left behind). */
export function sendableIds(items: UploadItem[]): string[] {
  return items.filter((item) => !!item.id && ['volatile', 'published'].includes(stateOf(item))).map((item) => item.id!);
}

/** Whether any attachment of the draft is still uploading (sending waits for it, spec 5). */
export function draftUploading(draft: ChatDraft): boolean {
  return isUploading(draft.fileAttachments) || isUploading(draft.imageAttachments);
}

import { i18n } from '../../../i18n/index.ts';
import { showToast } from '../../../ui/toast.tsx';
import { ChatRequestError, chatErrorKey } from '../client/emit.ts';

/** The translated text of a chat request's error, with its details (minutes, max) filled in. */
export function chatErrorText(error: unknown): string {
  const key = chatErrorKey(error);
  const details = error instanceof ChatRequestError ? error.details : {};
  const found = i18n.exists(`chat-room:errors.${key}`) ? key : 'unavailable';
  return i18n.t(`chat-room:errors.${found}`, details);
}

/** A failed chat request as an error toast ("update period ended (15 minutes)", spec 8). */
export function showChatError(error: unknown) {
  showToast(chatErrorText(error), { kind: 'error' });
}

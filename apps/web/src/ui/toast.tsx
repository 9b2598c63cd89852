import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useCallback } from 'react';
import { MESSAGE_KEYS, type MessageKey } from '@agora/contracts';
import { i18n } from '../i18n/index.ts';

/** Flash messages disappear after 5 seconds (administration spec, section 9). */
export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';

export type ToastOptions = {
  /** Colour and icon; by default error for keys ending in _failure or _error, else success. */
  kind?: ToastKind;
  title?: string;
  /** Interpolation values of the message. */
  values?: Record<string, unknown>;
  autoClose?: number | false;
  /** Showing a toast with the same id again replaces it instead of stacking a second one. */
  id?: string;
};

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue' };
const ICONS: Record<ToastKind, typeof IconCheck> = { success: IconCheck, error: IconX, info: IconInfoCircle };

export function isMessageKey(value: string): value is MessageKey {
  return (MESSAGE_KEYS as readonly string[]).includes(value);
}

function kindOf(message: string): ToastKind {
  return /(_|\.)(failure|error)$/.test(message) ? 'error' : 'success';
}

/**
 * The text of a toast: a message key of the spec (common `messages.{key}`), any other
 * translation key ("calendars:url_copied"), or a sentence that is already translated.
 */
export function toastText(message: MessageKey | string, values?: Record<string, unknown>): string {
  if (isMessageKey(message)) return i18n.t(`common:messages.${message}`, values);
  if (i18n.exists(message)) return i18n.t(message, values);
  return message;
}

/** Shows a toast; callable from anywhere (mutation callbacks included), not only components. */
export function showToast(message: MessageKey | string, options: ToastOptions = {}): string {
  const kind = options.kind ?? kindOf(message);
  const Icon = ICONS[kind];
  const notification = {
    title: options.title,
    message: toastText(message, options.values),
    color: COLORS[kind],
    icon: <Icon size={18} aria-hidden />,
    autoClose: options.autoClose ?? TOAST_AUTO_CLOSE_MS,
    closeButtonProps: { 'aria-label': i18n.t('ui:toast.close') },
  };
  if (options.id) {
    notifications.hide(options.id);
    return notifications.show({ ...notification, id: options.id });
  }
  return notifications.show(notification);
}

/** The same as showToast, for components that prefer a hook. */
export function useToast() {
  return useCallback((message: MessageKey | string, options?: ToastOptions) => showToast(message, options), []);
}

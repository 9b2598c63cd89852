import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatMessage } from '@agora/contracts';
import { connectedMemberId, onSocketEvent } from '../client/connection.ts';
import { chatKeys } from '../client/keys.ts';
import { goToChatView, openChatId } from '../client/navigation.ts';
import { isMuted, toLastMessage } from '../client/reducers.ts';
import { lastMessagePreview } from './chat-list-text.ts';
import { openChatDrawer } from './panel-state.ts';

/** The member's choice on this device (spec 4: optional desktop notifications). */
const STORAGE_KEY = 'agora.chat.desktop_notifications';
const listeners = new Set<() => void>();

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function desktopNotificationsEnabled(): boolean {
  return supported() && stored() && Notification.permission === 'granted';
}

function remember(on: boolean) {
  try {
    if (on) localStorage.setItem(STORAGE_KEY, 'on');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage the choice lasts until the page is left.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Turns desktop notifications on (asking the browser's permission) or off. Answers whether they
 * are on afterwards: false when the browser has none or the member refused.
 */
export async function setDesktopNotifications(on: boolean): Promise<boolean> {
  if (!on || !supported()) {
    remember(false);
    return false;
  }
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  remember(permission === 'granted');
  return permission === 'granted';
}

export function useDesktopNotificationsEnabled(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, desktopNotificationsEnabled);
}

/** Whether a pushed message deserves a desktop notification (not mine, chat not muted, not in view). */
export function shouldNotify(message: ChatMessage, chat: Chat | undefined, me: string | null): boolean {
  if (message.from.id === me || message.deleted_at) return false;
  if (chat && isMuted(chat)) return false;
  return !(openChatId() === message.chat_id && document.hasFocus());
}

/** Shows incoming chat messages as desktop notifications, when the member turned them on. */
export function useChatDesktopNotifications() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('chat');
  useEffect(
    () =>
      onSocketEvent('message', (payload) => {
        if (!desktopNotificationsEnabled()) return;
        const message = payload as ChatMessage;
        const chat = queryClient.getQueryData<Chat[]>(chatKeys.chats)?.find((c) => c.id === message.chat_id);
        const me = connectedMemberId();
        if (!shouldNotify(message, chat, me)) return;
        const title = chat && chat.kind !== 'member' ? chat.name : message.from.name;
        const body = chat ? lastMessagePreview({ ...chat, last_message: toLastMessage(message) }, me, t) : message.text;
        const notification = new Notification(title, { body, tag: message.chat_id });
        notification.onclick = () => {
          window.focus();
          goToChatView({ name: 'showChat', chatId: message.chat_id });
          openChatDrawer();
          notification.close();
        };
      }),
    [queryClient, t],
  );
}

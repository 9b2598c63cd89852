import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type {
  Chat,
  ChatMessage,
  ChatNetworkInfo,
  ChatProfile,
  ChatPushes,
  ChatStatus,
  DeliveryStatus,
  SetStatusPayload,
} from '@agora/contracts';
import { chatActions } from './actions.ts';
import {
  catchUp,
  chatProfileQuery,
  chatRoomQuery,
  forEachCachedChat,
  hasMoreAfter,
  myChatsQuery,
  networkInfoQuery,
  storeChatPush,
  storeMessage,
  updateChat,
  updateRoom,
} from './cache.ts';
import { noteComposing } from './composing.ts';
import { connectedMemberId, onReconnect, onSocketEvent } from './connection.ts';
import { deliveryStatus } from './delivery.ts';
import { chatEmit } from './emit.ts';
import { chatKeys } from './keys.ts';
import {
  applyChatState,
  applyPresence,
  applyReadMarker,
  applyReceivedMarker,
  chatsWithUnread,
  sortMessages,
  upsertChat,
} from './reducers.ts';

export { useComposingMembers } from './composing.ts';
export type { SendInput, ChatActions } from './actions.ts';

/** A message as the room shows it: with its delivery status, and the error key of a failed send. */
export type ClientChatMessage = ChatMessage & { delivery: DeliveryStatus; failed?: string; pending?: boolean };

const NO_CHATS: Chat[] = [];

/** The member's chats, most recently used first (not asked for while `enabled` is false). */
export function useMyChats({ enabled = true } = {}): { chats: Chat[]; isLoading: boolean; error: Error | null } {
  const query = useQuery({ ...myChatsQuery, enabled });
  return { chats: query.data ?? NO_CHATS, isLoading: query.isPending, error: query.error };
}

/** How many chats have unread messages (the header and tab badges). */
export function useChatsWithUnread({ enabled = true } = {}): number {
  return chatsWithUnread(useMyChats({ enabled }).chats);
}

/** One chat with its loaded messages (the newest page first, older ones on request). */
export function useChat(chatId: string): {
  chat: Chat | undefined;
  messages: ClientChatMessage[];
  hasMore: boolean;
  isLoading: boolean;
  error: Error | null;
} {
  const query = useQuery(chatRoomQuery(chatId));
  const listed = useMyChats().chats.find((chat) => chat.id === chatId);
  const room = query.data;
  const me = connectedMemberId();
  const messages = useMemo(
    () => room?.messages.map((m) => ({ ...m, delivery: deliveryStatus(m, room.chat, me) })) ?? [],
    [room, me],
  );
  return {
    chat: room?.chat ?? listed,
    messages,
    hasMore: room?.hasMore ?? false,
    isLoading: query.isPending,
    error: query.error,
  };
}

/** Loads the page before the oldest loaded message; answers how many came (0: no more). */
export function useLoadOlderMessages(chatId: string): { loadOlder(): Promise<number>; isLoading: boolean } {
  const queryClient = useQueryClient();
  const [isLoading, setLoading] = useState(false);
  const loadOlder = useCallback(async () => {
    const room = queryClient.getQueryData<{ messages: ChatMessage[]; hasMore: boolean }>(chatKeys.chat(chatId));
    const oldest = room?.messages.find((m) => !(m as { pending?: boolean }).pending);
    if (!room?.hasMore || !oldest) return 0;
    setLoading(true);
    try {
      const answer = await chatEmit('more_messages', { chat_id: chatId, before_id: oldest.id });
      updateRoom(queryClient, chatId, (current) => {
        const known = new Set(current.messages.map((m) => m.id));
        const older = answer.messages.filter((m) => !known.has(m.id));
        return {
          ...current,
          messages: sortMessages([...older, ...current.messages]),
          hasMore: hasMoreAfter(answer.messages),
        };
      });
      return answer.messages.length;
    } finally {
      setLoading(false);
    }
  }, [queryClient, chatId]);
  return { loadOlder, isLoading };
}

export function useChatActions(chatId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => chatActions(queryClient, chatId), [queryClient, chatId]);
}

export function useChatProfile(): { profile: ChatProfile | undefined; isLoading: boolean; error: Error | null } {
  const query = useQuery(chatProfileQuery);
  return { profile: query.data, isLoading: query.isPending, error: query.error };
}

export function useNetworkInfo(): {
  networkInfo: ChatNetworkInfo | undefined;
  isLoading: boolean;
  error: Error | null;
} {
  const query = useQuery(networkInfoQuery);
  return { networkInfo: query.data, isLoading: query.isPending, error: query.error };
}

const OFFLINE: ChatStatus = { type: 'offline', text: '' };

/**
 * A member's presence as the chat shows it: mine as I set it; others' from the network's online
 * list (kept current by `set_status` pushes), offline when absent or when the network hides it.
 */
export function usePresence(memberId: string): ChatStatus {
  const { profile } = useChatProfile();
  const { networkInfo } = useNetworkInfo();
  if (profile && profile.id === memberId) return profile.status;
  if (!networkInfo?.show_online_status) return OFFLINE;
  const entry = networkInfo.online.find((online) => online.member_id === memberId);
  return entry ? { type: entry.type, text: entry.text } : OFFLINE;
}

/** Sets my presence (online, busy, invisible) and status text. */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: SetStatusPayload) => chatEmit('set_status', status),
    onSuccess: (profile) => queryClient.setQueryData(chatKeys.profile, profile),
  });
}

function applyOnlineList(info: ChatNetworkInfo, push: ChatPushes['set_status']): ChatNetworkInfo {
  const others = info.online.filter((entry) => entry.member_id !== push.member_id);
  if (push.type === 'offline' || push.type === 'invisible') return { ...info, online: others };
  const entry = { member_id: push.member_id, type: push.type, text: push.text, online_at: push.online_at ?? '' };
  return { ...info, online: [...others, entry] };
}

/**
 * Keeps the chat cache current from the socket: registered once for the app (in the shell).
 * After a reconnect it catches up on what it missed.
 */
export function useChatPushes() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const me = () => connectedMemberId();
    const subscriptions = [
      onSocketEvent('message', (push) => storeMessage(queryClient, 'message', push as ChatPushes['message'])),
      onSocketEvent('update_message', (push) =>
        storeMessage(queryClient, 'update_message', push as ChatPushes['update_message']),
      ),
      onSocketEvent('delete_message', (push) =>
        storeMessage(queryClient, 'delete_message', push as ChatPushes['delete_message']),
      ),
      onSocketEvent('create_chat', (push) =>
        queryClient.setQueryData<Chat[]>(chatKeys.chats, (chats) => chats && upsertChat(chats, push as Chat)),
      ),
      onSocketEvent('mark_as_read', (push) =>
        storeChatPush(queryClient, push as ChatPushes['mark_as_read'], applyReadMarker),
      ),
      onSocketEvent('mark_as_received', (push) =>
        storeChatPush(queryClient, push as ChatPushes['mark_as_received'], applyReceivedMarker),
      ),
      ...(['mute_chat', 'unmute_chat'] as const).map((event) =>
        onSocketEvent(event, (payload) => {
          const push = payload as ChatPushes['mute_chat'];
          updateChat(queryClient, push.chat_id, (chat) => applyChatState(chat, push.chat_id, push.state));
        }),
      ),
      onSocketEvent('composing', (payload) => {
        const push = payload as ChatPushes['composing'];
        if (push.member.id !== me()) noteComposing(push.chat_id, push.member);
      }),
      onSocketEvent('my_profile', (push) => queryClient.setQueryData(chatKeys.profile, push as ChatProfile)),
      onSocketEvent('set_status', (payload) => {
        const push = payload as ChatPushes['set_status'];
        queryClient.setQueryData<ChatNetworkInfo>(chatKeys.networkInfo, (info) => info && applyOnlineList(info, push));
        forEachCachedChat(queryClient, (chat) => applyPresence(chat, push));
      }),
      onReconnect(() => void catchUp(queryClient)),
    ];
    return () => subscriptions.forEach((unsubscribe) => unsubscribe());
  }, [queryClient]);
}

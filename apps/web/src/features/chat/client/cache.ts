import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, type Chat, type ChatMessage, type ChatPushes } from '@agora/contracts';
import { stopComposing } from './composing.ts';
import { connectedMemberId } from './connection.ts';
import { chatEmit, ChatRequestError, retryChatQuery } from './emit.ts';
import { chatKeys } from './keys.ts';
import { queueReceivedMark } from './received-marks.ts';
import {
  applyMessageToChat,
  mergeMessages,
  sortChats,
  upsertMessage,
  type ChatRoomData,
  type MessageChange,
} from './reducers.ts';

/**
 * The chat's cache: TanStack Query entries filled by answers and kept current by pushes. Pushes
 * that arrive while a chat or the list is still loading are kept a moment and replayed onto the
 * answer, so nothing pushed during a load goes missing.
 */
const RECENT_PER_CHAT = 50;
const recent = new Map<string, Array<{ change: MessageChange; message: ChatMessage }>>();

function remember(change: MessageChange, message: ChatMessage) {
  const list = recent.get(message.chat_id) ?? [];
  list.push({ change, message });
  if (list.length > RECENT_PER_CHAT) list.shift();
  recent.set(message.chat_id, list);
}

function replayOnChat(chat: Chat, me: string | null): Chat {
  return (recent.get(chat.id) ?? []).reduce(
    (current, { change, message }) => applyMessageToChat(current, message, change, me),
    chat,
  );
}

function replayOnRoom(room: ChatRoomData, me: string | null): ChatRoomData {
  const changes = (recent.get(room.chat.id) ?? []).filter(({ message }) => message.revision > room.chat.revision);
  return changes.reduce(
    (current, { change, message }) => ({
      ...upsertMessage(current, message, me),
      chat: applyMessageToChat(current.chat, message, change, me),
    }),
    room,
  );
}

/** Forgets what was remembered (signing out; tests). */
export function clearRecentPushes() {
  recent.clear();
}

/** A batch shorter than a page means the next one would be empty: no more older messages. */
export function hasMoreAfter(batch: unknown[]): boolean {
  return batch.length >= CHAT_LIMITS.pageSize;
}

export const myChatsQuery = queryOptions({
  queryKey: chatKeys.chats,
  queryFn: async (): Promise<Chat[]> => {
    const answer = await chatEmit('my_chats', {});
    const me = connectedMemberId();
    return sortChats(answer.chats.map((chat) => replayOnChat(chat, me)));
  },
  // Pushes keep it current; a reconnect refetches it.
  staleTime: Infinity,
  retry: retryChatQuery,
});

export function chatRoomQuery(chatId: string) {
  return queryOptions({
    queryKey: chatKeys.chat(chatId),
    queryFn: async (): Promise<ChatRoomData> => {
      const answer = await chatEmit('chat_details', { chat_id: chatId });
      const room = { chat: answer.chat, messages: answer.messages, hasMore: hasMoreAfter(answer.messages) };
      return replayOnRoom(room, connectedMemberId());
    },
    staleTime: Infinity,
    retry: retryChatQuery,
  });
}

export const chatProfileQuery = queryOptions({
  queryKey: chatKeys.profile,
  queryFn: () => chatEmit('my_profile', {}),
  staleTime: Infinity,
  retry: retryChatQuery,
});

export const networkInfoQuery = queryOptions({
  queryKey: chatKeys.networkInfo,
  queryFn: () => chatEmit('network_info', {}),
  staleTime: Infinity,
  retry: retryChatQuery,
});

/** Changes one chat wherever the cache holds it: in the list and in its loaded room. */
export function updateChat(queryClient: QueryClient, chatId: string, update: (chat: Chat) => Chat) {
  queryClient.setQueryData<Chat[]>(chatKeys.chats, (chats) =>
    chats?.map((chat) => (chat.id === chatId ? update(chat) : chat)),
  );
  queryClient.setQueryData<ChatRoomData>(chatKeys.chat(chatId), (room) =>
    room ? { ...room, chat: update(room.chat) } : room,
  );
}

export function updateRoom(queryClient: QueryClient, chatId: string, update: (room: ChatRoomData) => ChatRoomData) {
  queryClient.setQueryData<ChatRoomData>(chatKeys.chat(chatId), (room) => (room ? update(room) : room));
}

/** Every chat of the list (the ones pushes and presence apply to). */
export function forEachCachedChat(queryClient: QueryClient, update: (chat: Chat) => Chat) {
  queryClient.setQueryData<Chat[]>(chatKeys.chats, (chats) => chats?.map(update));
  for (const [key, room] of queryClient.getQueriesData<ChatRoomData>({ queryKey: ['chat', 'chat'] })) {
    if (room) queryClient.setQueryData<ChatRoomData>(key, { ...room, chat: update(room.chat) });
  }
}

/**
 * A new, edited or deleted message (pushed, or the answer to our own request) in the cache: the
 * room's list, the chat's last message and unread count. A message of a chat the list does not
 * know yet (someone started one with me) reloads the list.
 */
export function storeMessage(queryClient: QueryClient, change: MessageChange, message: ChatMessage) {
  const me = connectedMemberId();
  remember(change, message);
  const chats = queryClient.getQueryData<Chat[]>(chatKeys.chats);
  if (chats && !chats.some((chat) => chat.id === message.chat_id)) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
  } else if (chats) {
    queryClient.setQueryData<Chat[]>(
      chatKeys.chats,
      (list) => list && sortChats(list.map((chat) => applyMessageToChat(chat, message, change, me))),
    );
  }
  updateRoom(queryClient, message.chat_id, (room) => ({
    ...upsertMessage(room, message, me),
    chat: applyMessageToChat(room.chat, message, change, me),
  }));
  if (change === 'message' && message.from.id !== me) {
    stopComposing(message.chat_id, message.from.id);
    if (message.chat_id.startsWith('member/')) queueReceivedMark(message.chat_id, message.id);
  }
}

/** A pushed read marker, mute change and the like, applied wherever the chat is cached. */
export function storeChatPush<E extends 'mark_as_read' | 'mark_as_received'>(
  queryClient: QueryClient,
  push: ChatPushes[E],
  apply: (chat: Chat, push: ChatPushes[E], me: string | null) => Chat,
) {
  const me = connectedMemberId();
  updateChat(queryClient, push.chat_id, (chat) => apply(chat, push, me));
}

/**
 * After a reconnect: the list afresh, and for every loaded chat what changed since the revision
 * it had (messages, edits, deletions; read markers come with the chat). A chat with more changes
 * than one answer holds is loaded afresh; one the member lost access to leaves the cache.
 */
export function catchUp(queryClient: QueryClient) {
  const rooms = queryClient
    .getQueriesData<ChatRoomData>({ queryKey: ['chat', 'chat'] })
    .flatMap(([, room]) => (room ? [{ chatId: room.chat.id, since: room.chat.revision }] : []));
  void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
  void queryClient.invalidateQueries({ queryKey: chatKeys.profile });
  void queryClient.invalidateQueries({ queryKey: chatKeys.networkInfo });
  return Promise.all(
    rooms.map(async ({ chatId, since }) => {
      try {
        const answer = await chatEmit('chat_details', { chat_id: chatId, since_revision: since });
        if (!answer.complete) {
          await queryClient.invalidateQueries({ queryKey: chatKeys.chat(chatId), refetchType: 'all' });
          return;
        }
        const me = connectedMemberId();
        updateRoom(queryClient, chatId, (room) => {
          const merged = mergeMessages(room, answer.messages, me);
          return { ...merged, chat: answer.chat.revision >= room.chat.revision ? answer.chat : room.chat };
        });
        const newest = answer.messages.filter((m) => m.from.id !== me && !m.deleted_at).at(-1);
        if (newest && chatId.startsWith('member/')) queueReceivedMark(chatId, newest.id);
      } catch (error) {
        if (error instanceof ChatRequestError && (error.status === 403 || error.status === 404))
          queryClient.removeQueries({ queryKey: chatKeys.chat(chatId) });
        else await queryClient.invalidateQueries({ queryKey: chatKeys.chat(chatId), refetchType: 'all' });
      }
    }),
  );
}

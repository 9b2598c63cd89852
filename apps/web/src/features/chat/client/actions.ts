import type { QueryClient } from '@tanstack/react-query';
import {
  CHAT_TIMINGS,
  type Chat,
  type ChatMessage,
  type CreateChatPayload,
  type ChatProfile,
  type QuotedChatMessage,
  type SendMessagePayload,
} from '@agora/contracts';
import { storeMessage, updateChat, updateRoom } from './cache.ts';
import { connectedMemberId } from './connection.ts';
import type { StoredChatMessage } from './delivery.ts';
import { CHAT_TIMEOUT, chatEmit, chatErrorKey, ChatRequestError } from './emit.ts';
import { chatKeys } from './keys.ts';
import { applyChatState, sortMessages, upsertChat, type ChatRoomData } from './reducers.ts';

export type SendInput = { text: string; quoted_message_id?: string | null; file_ids?: string[]; image_ids?: string[] };

/** What a failed send needs for "retry": the payload with its reference, so a retry never doubles it. */
const unsent = new Map<string, SendMessagePayload>();
const lastComposing = new Map<string, number>();

function pendingId(reference: string): string {
  return `pending:${reference}`;
}

function quoteOf(message: StoredChatMessage | undefined): QuotedChatMessage | null {
  if (!message) return null;
  const { id, text, from, deleted_at: deletedAt } = message;
  return { id, text, from, deleted_at: deletedAt, files: message.files.length, images: message.images.length };
}

/** Sends once more after a timeout, with the same reference: the server answers the stored message. */
async function emitMessage(payload: SendMessagePayload): Promise<ChatMessage> {
  try {
    return await chatEmit('message', payload);
  } catch (error) {
    if (error instanceof ChatRequestError && error.key === CHAT_TIMEOUT) return chatEmit('message', payload);
    throw error;
  }
}

/**
 * What a member does in one chat. Sending shows the message at once (delivery "pushed") and
 * replaces it by the stored one when the server answers; a failure leaves it marked with the
 * error key, to be retried or discarded.
 */
/** Opens (creating when new) a direct or group chat and puts it in the chat list. */
export async function openChat(queryClient: QueryClient, target: CreateChatPayload): Promise<Chat> {
  const chat = await chatEmit('create_chat', target);
  queryClient.setQueryData<Chat[]>(chatKeys.chats, (chats) => chats && upsertChat(chats, chat));
  return chat;
}

export function chatActions(queryClient: QueryClient, chatId: string) {
  const deliver = async (payload: SendMessagePayload): Promise<ChatMessage> => {
    const reference = payload.client_reference;
    unsent.set(reference, payload);
    try {
      const message = await emitMessage(payload);
      unsent.delete(reference);
      storeMessage(queryClient, 'message', message);
      return message;
    } catch (error) {
      updateRoom(queryClient, chatId, (room) => ({
        ...room,
        messages: room.messages.map((m) => (m.id === pendingId(reference) ? { ...m, failed: chatErrorKey(error) } : m)),
      }));
      throw error;
    }
  };

  return {
    send(input: SendInput): Promise<ChatMessage> {
      const reference = crypto.randomUUID();
      const profile = queryClient.getQueryData<ChatProfile>(chatKeys.profile);
      const room = queryClient.getQueryData<ChatRoomData>(chatKeys.chat(chatId));
      const now = new Date().toISOString();
      const optimistic: StoredChatMessage = {
        id: pendingId(reference),
        chat_id: chatId,
        seq: 0,
        revision: 0,
        text: input.text,
        from: profile
          ? { id: profile.id, name: profile.name, image_id: profile.image_id }
          : { id: connectedMemberId() ?? '', name: '', image_id: null },
        created_at: now,
        updated_at: now,
        deleted_at: null,
        quoted_message: quoteOf(room?.messages.find((m) => m.id === input.quoted_message_id)),
        files: [],
        images: [],
        group_name: null,
        client_reference: reference,
        pending: true,
      };
      updateRoom(queryClient, chatId, (current) => ({
        ...current,
        messages: sortMessages([...current.messages, optimistic]),
      }));
      // The message ends "… is typing" for the others: the next keystroke tells them again at
      // once, not only when 1.6 s have passed since the last time.
      lastComposing.delete(chatId);
      return deliver({
        chat_id: chatId,
        text: input.text,
        quoted_message_id: input.quoted_message_id ?? null,
        file_ids: input.file_ids ?? [],
        image_ids: input.image_ids ?? [],
        client_reference: reference,
      });
    },

    /** Sends a failed message again (same reference). */
    retry(id: string): Promise<ChatMessage> {
      const reference = id.replace(/^pending:/, '');
      const payload = unsent.get(reference);
      if (!payload) return Promise.reject(new ChatRequestError('not_found', 404));
      updateRoom(queryClient, chatId, (room) => ({
        ...room,
        messages: room.messages.map((m) => (m.id === id ? { ...m, failed: undefined } : m)),
      }));
      return deliver(payload);
    },

    /** Drops a failed message from the list. */
    discard(id: string) {
      unsent.delete(id.replace(/^pending:/, ''));
      updateRoom(queryClient, chatId, (room) => ({ ...room, messages: room.messages.filter((m) => m.id !== id) }));
    },

    async update({ id, text }: { id: string; text: string }): Promise<ChatMessage> {
      const message = await chatEmit('update_message', { chat_id: chatId, id, text });
      storeMessage(queryClient, 'update_message', message);
      return message;
    },

    async remove(id: string): Promise<ChatMessage> {
      const message = await chatEmit('delete_message', { chat_id: chatId, id });
      storeMessage(queryClient, 'delete_message', message);
      return message;
    },

    /** Marks up to a message read; the badge goes at once, the server's state follows. */
    async markAsRead(messageId: string): Promise<void> {
      const room = queryClient.getQueryData<ChatRoomData>(chatKeys.chat(chatId));
      const seq = room?.messages.find((m) => m.id === messageId)?.seq;
      updateChat(queryClient, chatId, (chat) => ({
        ...chat,
        state: {
          ...chat.state,
          unread_count: 0,
          ...(seq !== undefined && seq > chat.state.last_read_seq
            ? { last_read_id: messageId, last_read_seq: seq }
            : {}),
        },
      }));
      try {
        const state = await chatEmit('mark_as_read', { chat_id: chatId, message_id: messageId });
        updateChat(queryClient, chatId, (chat) => applyChatState(chat, chatId, state));
      } catch {
        // The next mark (or the reconnect's reload) makes good for a lost one.
      }
    },

    async markAsReceived(messageId: string): Promise<void> {
      await chatEmit('mark_as_received', { chat_id: chatId, message_id: messageId }).catch(() => null);
    },

    async mute(mutedUntil: string): Promise<void> {
      const state = await chatEmit('mute_chat', { chat_id: chatId, muted_until: mutedUntil });
      updateChat(queryClient, chatId, (chat) => applyChatState(chat, chatId, state));
    },

    async unmute(): Promise<void> {
      const state = await chatEmit('unmute_chat', { chat_id: chatId });
      updateChat(queryClient, chatId, (chat) => applyChatState(chat, chatId, state));
    },

    /** Tells the others that the member types; at most once per 1600 ms (spec 9). */
    composing() {
      const now = Date.now();
      if (now - (lastComposing.get(chatId) ?? 0) < CHAT_TIMINGS.composingSendDebounceMs) return;
      lastComposing.set(chatId, now);
      void chatEmit('composing', { chat_id: chatId }).catch(() => null);
    },
  };
}

export type ChatActions = ReturnType<typeof chatActions>;

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Chat, ChatNetworkInfo } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { openChat } from '../client/actions.ts';
import { useChatNavigation } from '../client/navigation.ts';
import type { ChatActions, ClientChatMessage } from '../client/store.ts';
import { showChatError } from './chat-error-toast.ts';
import type { MessageHandlers } from './message-actions.tsx';
import { startEditing, startQuoting } from './draft-store.ts';
import { mayChange, periodEnded } from './message-rules.ts';

type HandlerContext = {
  chat: Chat | undefined;
  actions: ChatActions;
  networkInfo: ChatNetworkInfo | undefined;
  me: string | undefined;
  /** External members may not start private chats from a message (spec 5). */
  canStartPrivateChats: boolean;
};

/** "Update period ended (15 minutes)" instead of trying what the server would refuse. */
function checkPeriod(message: ClientChatMessage, info: ChatNetworkInfo | undefined): boolean {
  const minutes = info?.chat_message_update_period_minutes;
  if (minutes === undefined || !periodEnded(message.created_at, minutes)) return true;
  showToast(i18n.t('chat-room:errors.update_period_ended', { minutes }), { kind: 'error' });
  return false;
}

/** The actions each message offers, by the rules of spec 5, wired to the composer and the store. */
export function useMessageHandlers({ chat, actions, networkInfo, me, canStartPrivateChats }: HandlerContext) {
  const queryClient = useQueryClient();
  const { go } = useChatNavigation();

  const startPrivateChat = useCallback(
    async (memberId: string) => {
      try {
        const direct = await openChat(queryClient, { type: 'member', id: memberId });
        go({ name: 'showChat', chatId: direct.id });
      } catch (error) {
        showChatError(error);
      }
    },
    [queryClient, go],
  );

  const deleteMessage = useCallback(
    async (message: ClientChatMessage) => {
      if (!checkPeriod(message, networkInfo)) return;
      const confirmed = await confirm({
        message: i18n.t('chat-room:actions.delete_confirm'),
        confirmLabel: i18n.t('chat-room:actions.delete'),
        danger: true,
      });
      if (confirmed) await actions.remove(message.id).catch(showChatError);
    },
    [actions, networkInfo],
  );

  return useCallback(
    (message: ClientChatMessage): MessageHandlers => {
      if (!chat || message.pending || message.deleted_at) return {};
      const own = message.from.id === me;
      return {
        onQuote: chat.can.write ? () => startQuoting(chat.id, message.id) : undefined,
        onEdit: mayChange('update', message, chat, networkInfo, me)
          ? () => {
              if (checkPeriod(message, networkInfo)) startEditing(chat.id, message);
            }
          : undefined,
        onDelete: mayChange('destroy', message, chat, networkInfo, me) ? () => void deleteMessage(message) : undefined,
        onStartPrivateChat:
          !own && chat.kind !== 'member' && canStartPrivateChats
            ? () => void startPrivateChat(message.from.id)
            : undefined,
      };
    },
    [chat, networkInfo, me, canStartPrivateChats, startPrivateChat, deleteMessage],
  );
}

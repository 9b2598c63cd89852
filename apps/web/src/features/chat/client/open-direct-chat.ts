import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadNamespaces } from '../../../i18n/index.ts';
import { openChatDrawer } from '../components/panel-state.ts';
import { showChatError } from '../room/chat-error-toast.ts';
import { openChat } from './actions.ts';
import { goToChatView } from './navigation.ts';

/**
 * Opens the direct chat with a member (creating it when new) in the header's chat drawer, from
 * any page: a member's profile, say. A refusal shows the chat's error toast.
 */
export function useOpenDirectChat(): { open(memberId: string): Promise<void>; opening: boolean } {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  return {
    opening,
    async open(memberId: string) {
      setOpening(true);
      try {
        const chat = await openChat(queryClient, { type: 'member', id: memberId });
        goToChatView({ name: 'showChat', chatId: chat.id });
        openChatDrawer();
      } catch (error) {
        // The error texts are the chat room's, which this page may not have loaded yet.
        await loadNamespaces(['chat', 'chat-room']);
        showChatError(error);
      } finally {
        setOpening(false);
      }
    },
  };
}

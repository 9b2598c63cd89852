import { Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChatListItem, useMyChats } from '../../chat/index.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { HomeSection } from './home-section.tsx';

/** How many unread chats the start page lists; the chat has them all. */
const SHOWN = 4;

/**
 * The chats with unread messages, most recent first; one opens the chat. Shown only to members
 * who may chat (the page decides), so it never leads to a chat they cannot open.
 */
export function UnreadChats() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { chats, isLoading, error } = useMyChats();
  const unread = chats.filter((chat) => chat.state.unread_count > 0);

  return (
    <HomeSection
      name="chats"
      icon={IconMessages}
      title={t('chats.title')}
      count={unread.length}
      more={{ to: '/chat', label: t('chats.all') }}
      // The chat reloads by itself when its connection returns: nothing to try again here.
      state={{ isPending: isLoading && !error, error, refetch: () => undefined }}
    >
      {unread.length === 0 ? (
        <EmptyState size="sm" icon={<IconMessages />} title={t('chats.empty_title')} text={t('chats.empty_text')} />
      ) : (
        <Stack gap={2}>
          {unread.slice(0, SHOWN).map((chat) => (
            <ChatListItem key={chat.id} chat={chat} onOpen={() => void navigate(`/chat/${chat.id}`)} />
          ))}
        </Stack>
      )}
    </HomeSection>
  );
}

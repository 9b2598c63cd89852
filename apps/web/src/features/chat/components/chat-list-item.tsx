import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@agora/contracts';
import { CountBadge } from '../../../app/shell/count-badge.tsx';
import { connectedMemberId } from '../client/connection.ts';
import { isMuted } from '../client/reducers.ts';
import { useComposingMembers } from '../client/store.ts';
import { ChatAvatar } from './chat-avatar.tsx';
import { chatTime, lastMessagePreview } from './chat-list-text.ts';
import { ComposingText } from './composing-text.tsx';
import classes from './chat.module.css';

/** One chat of the list: image with presence, name, last message (or who types), time, unread count, muted. */
export function ChatListItem({ chat, onOpen }: { chat: Chat; onOpen: (chat: Chat) => void }) {
  const { t } = useTranslation('chat');
  const unread = chat.state.unread_count;
  const time = chat.last_message?.created_at ?? chat.last_interacted_at;
  // Who types shows in place of the last message, where a member looking at the list sees it.
  const typing = useComposingMembers(chat.id);
  return (
    <UnstyledButton
      className={classes.chatRow}
      onClick={() => onOpen(chat)}
      data-testid="chat-list-item"
      data-chat-id={chat.id}
      data-unread={unread > 0 || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ChatAvatar imageId={chat.image_id} name={chat.name} status={chat.status} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={unread > 0 ? 700 : 500} truncate>
              {chat.name}
            </Text>
            {time && (
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {chatTime(time)}
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            {typing.length > 0 ? (
              <ComposingText chatId={chat.id} size="xs" />
            ) : (
              <Text size="xs" c="dimmed" truncate>
                {lastMessagePreview(chat, connectedMemberId(), t)}
              </Text>
            )}
            <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
              {isMuted(chat) && (
                <>
                  <IconBellOff size={14} aria-hidden color="var(--mantine-color-dimmed)" />
                  <VisuallyHidden>{t('list.muted')}</VisuallyHidden>
                </>
              )}
              {unread > 0 && (
                <>
                  <CountBadge count={unread} aria-hidden />
                  <VisuallyHidden>{t('list.unread', { count: unread })}</VisuallyHidden>
                </>
              )}
            </Group>
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

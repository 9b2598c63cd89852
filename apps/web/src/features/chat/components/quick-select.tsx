import { Group, ScrollArea, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type Chat } from '@agora/contracts';
import { ChatAvatar } from './chat-avatar.tsx';

/** The 10 most recent chats as a row of images, one click away above a long list (spec 2). */
export function QuickSelect({ chats, onOpen }: { chats: Chat[]; onOpen: (chat: Chat) => void }) {
  const { t } = useTranslation('chat');
  return (
    <ScrollArea type="never" aria-label={t('list.quick_select')} component="nav">
      <Group gap={6} wrap="nowrap" px="sm" py={6} data-testid="chat-quick-select">
        {chats.slice(0, CHAT_LIMITS.quickSelect).map((chat) => (
          <Tooltip key={chat.id} label={chat.name}>
            <UnstyledButton
              onClick={() => onOpen(chat)}
              aria-label={
                chat.state.unread_count > 0
                  ? t('list.open_unread', { name: chat.name, count: chat.state.unread_count })
                  : chat.name
              }
              style={{ borderRadius: '50%' }}
            >
              <ChatAvatar imageId={chat.image_id} name={chat.name} status={chat.status} size={34} />
            </UnstyledButton>
          </Tooltip>
        ))}
      </Group>
    </ScrollArea>
  );
}

import { ActionIcon, Alert, Box, Button, Divider, Group, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMessages, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type Chat } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useChatNavigation } from '../client/navigation.ts';
import { useChatProfile, useMyChats } from '../client/store.ts';
import { ChatListItem } from './chat-list-item.tsx';
import { QuickSelect } from './quick-select.tsx';
import { StatusMenu } from './status-menu.tsx';

/** The panel's root: headline, status menu, new chat, close; the quick-select and the chats. */
export function ChatList({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation('chat');
  const { chats, isLoading, error } = useMyChats();
  const { profile } = useChatProfile();
  const { go } = useChatNavigation();
  const open = (chat: Chat) => go({ name: 'showChat', chatId: chat.id });
  const canStart = !!profile?.can.chat;

  return (
    <Stack gap={0} h="100%" mih={0}>
      <Group justify="space-between" wrap="nowrap" px="sm" py={6}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          <StatusMenu />
        </Group>
        <Group gap={4} wrap="nowrap">
          {canStart && (
            <Tooltip label={t('new_chat.open')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('new_chat.open')}
                onClick={() => go({ name: 'newChat' })}
                data-testid="new-chat"
              >
                <IconPlus size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {onClose && (
            <Tooltip label={t('close')}>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('close')} onClick={onClose}>
                <IconX size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {chats.length > CHAT_LIMITS.quickSelect && (
        <>
          <Divider />
          <QuickSelect chats={chats} onOpen={open} />
        </>
      )}
      <Divider />
      <ScrollArea style={{ flex: 1 }} type="auto">
        {isLoading && (
          <Text size="sm" c="dimmed" p="sm">
            {t('common:loading')}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" m="sm">
            {t('list.load_error')}
          </Alert>
        )}
        {!isLoading && !error && chats.length === 0 && (
          <EmptyState
            icon={<IconMessages size={28} />}
            title={t('list.empty_title')}
            text={t('list.empty_text')}
            action={
              canStart && (
                <Button variant="default" onClick={() => go({ name: 'newChat' })}>
                  {t('new_chat.open')}
                </Button>
              )
            }
          />
        )}
        {chats.length > 0 && (
          <Box
            component="ul"
            aria-label={t('list.label')}
            p={4}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="chat-list"
          >
            {chats.map((chat) => (
              <li key={chat.id}>
                <ChatListItem chat={chat} onOpen={open} />
              </li>
            ))}
          </Box>
        )}
      </ScrollArea>
    </Stack>
  );
}

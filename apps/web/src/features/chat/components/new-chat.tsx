import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectedMemberId } from '../client/connection.ts';
import { openChat } from '../client/actions.ts';
import { useChatNavigation } from '../client/navigation.ts';
import { useChatProfile } from '../client/store.ts';
import { showChatError } from '../room/chat-error-toast.ts';
import { useChatSearch, type ChatSearchEntry } from './chat-search.ts';
import classes from './chat.module.css';

/** Starts a chat with a member or opens a group's: search, pick, and the chat opens. */
export function NewChat() {
  const { t } = useTranslation('chat');
  const { back, go } = useChatNavigation();
  const queryClient = useQueryClient();
  const { profile } = useChatProfile();
  const [text, setText] = useState('');
  const [opening, setOpening] = useState<string | null>(null);
  const mayStartPrivate = !!profile?.can.start_private_chats;
  const search = useChatSearch(text, { members: mayStartPrivate, me: connectedMemberId() });

  const pick = async (entry: ChatSearchEntry) => {
    setOpening(`${entry.type}:${entry.id}`);
    try {
      const chat = await openChat(queryClient, { type: entry.type, id: entry.id });
      go({ name: 'showChat', chatId: chat.id });
    } catch (error) {
      showChatError(error);
    } finally {
      setOpening(null);
    }
  };

  return (
    <Stack gap={0} h="100%" mih={0}>
      <Group gap="xs" wrap="nowrap" px="xs" py={6}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('back')} onClick={back}>
          <IconArrowLeft size={20} aria-hidden />
        </ActionIcon>
        <Title order={2} size="h4">
          {t('new_chat.title')}
        </Title>
      </Group>
      <Box px="sm" pb="xs">
        <TextInput
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder={mayStartPrivate ? t('new_chat.placeholder') : t('new_chat.placeholder_groups')}
          aria-label={t('new_chat.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isLoading ? <Loader size={14} /> : null}
          data-autofocus
          autoFocus
          data-testid="new-chat-search"
        />
        {!mayStartPrivate && profile && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('new_chat.groups_only')}
          </Text>
        )}
        {search.tooShortForMembers && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('new_chat.more_characters')}
          </Text>
        )}
      </Box>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {search.error && (
          <Alert color="red" variant="light" m="sm">
            {t('new_chat.load_error')}
          </Alert>
        )}
        {!search.isLoading && !search.error && search.entries.length === 0 && (
          <Text size="sm" c="dimmed" p="sm" data-testid="new-chat-empty">
            {t('new_chat.nothing_found')}
          </Text>
        )}
        <Box component="ul" aria-label={t('new_chat.results')} p={4} m={0} style={{ listStyle: 'none' }}>
          {search.entries.map((entry) => (
            <li key={`${entry.type}:${entry.id}`}>
              <UnstyledButton
                className={classes.chatRow}
                onClick={() => void pick(entry)}
                disabled={opening !== null}
                data-testid="new-chat-entry"
              >
                <Group gap="sm" wrap="nowrap">
                  {entry.type === 'member' ? (
                    <Avatar src={entry.image} name={entry.name} alt="" aria-hidden size={36} radius="xl" />
                  ) : (
                    <Avatar alt="" aria-hidden size={36} radius="xl" color="blue">
                      <IconUsersGroup size={20} />
                    </Avatar>
                  )}
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {entry.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {entry.type === 'member' ? t('new_chat.member') : `${t('new_chat.group')} · ${entry.category}`}
                    </Text>
                  </Box>
                  {entry.type === 'member' && entry.member.is_external && (
                    <Badge size="xs" variant="dot" color="orange">
                      {t('new_chat.guest')}
                    </Badge>
                  )}
                  {opening === `${entry.type}:${entry.id}` && <Loader size={14} />}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Box>
      </ScrollArea>
    </Stack>
  );
}

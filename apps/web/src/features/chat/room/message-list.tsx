import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@agora/contracts';
import type { ChatActions, ClientChatMessage } from '../client/store.ts';
import { MessageActions, type MessageHandlers } from './message-actions.tsx';
import { withDaySeparators } from './message-days.ts';
import { MessageItem } from './message-item.tsx';
import { useMarkAsRead } from './use-mark-as-read.ts';
import { useMessageScroll } from './use-message-scroll.ts';

type MessageListProps = {
  chat: Chat;
  messages: ClientChatMessage[];
  hasMore: boolean;
  loadOlder: () => Promise<number>;
  me: string | undefined;
  actions: Pick<ChatActions, 'markAsRead' | 'retry' | 'discard'>;
  /** The actions menu's handlers for a message (those not offered are left out). */
  handlersFor: (message: ClientChatMessage) => MessageHandlers;
  onOpenImage: (message: ClientChatMessage, imageId: string) => void;
};

/** The newest stored message when the member has not read up to it yet. */
function unreadNewest(chat: Chat, messages: ClientChatMessage[]): string | undefined {
  const newest = messages.findLast((message) => !message.pending);
  return newest && newest.seq > chat.state.last_read_seq ? newest.id : undefined;
}

/**
 * The messages of a chat, oldest at the top (spec 4): older ones load when the member scrolls
 * up, day separators between days, and the newest is marked read once seen.
 */
export function MessageList(props: MessageListProps) {
  const { chat, messages, hasMore, loadOlder, me, actions, handlersFor, onOpenImage } = props;
  const { t } = useTranslation('chat-room');
  const last = messages.at(-1);
  const { viewportRef, onScroll, atBottom, scrollToBottom, loadingOlder, noMore } = useMessageScroll({
    firstId: messages[0]?.id,
    lastId: last?.id,
    lastIsOwn: !!last && last.from.id === me,
    hasMore,
    loadOlder,
  });
  useMarkAsRead(unreadNewest(chat, messages), atBottom, (id) => void actions.markAsRead(id));
  const showAuthors = chat.kind !== 'member';

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={viewportRef}
        onScroll={onScroll}
        h="100%"
        px="xs"
        py="xs"
        style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
        data-testid="message-list"
        // Keyboard users scroll the history with the arrow keys once it has the focus.
        tabIndex={0}
        aria-label={t('list.label')}
        role="region"
      >
        {loadingOlder && (
          <Center py="xs">
            <Loader size="xs" aria-label={t('list.loading_older')} />
          </Center>
        )}
        {noMore && messages.length > 0 && (
          <Text size="xs" c="dimmed" ta="center" py="xs" data-testid="no-more-messages">
            {t('list.no_more')}
          </Text>
        )}
        {messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t('list.empty')}
          </Text>
        )}
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {withDaySeparators(messages).map((entry) =>
            entry.type === 'day' ? (
              <Text component="li" key={`day-${entry.day}`} size="xs" c="dimmed" ta="center" py={4} fw={500}>
                {entry.day}
              </Text>
            ) : (
              <MessageItem
                key={entry.message.id}
                message={entry.message}
                own={entry.message.from.id === me}
                showAuthor={showAuthors && entry.message.from.id !== me}
                actions={<MessageActions authorName={entry.message.from.name} {...handlersFor(entry.message)} />}
                onOpenImage={(imageId) => onOpenImage(entry.message, imageId)}
                onRetry={entry.message.failed ? () => void actions.retry(entry.message.id).catch(() => {}) : undefined}
                onDiscard={entry.message.failed ? () => actions.discard(entry.message.id) : undefined}
              />
            ),
          )}
        </Stack>
      </Box>
      {!atBottom && (
        <Button
          pos="absolute"
          bottom={12}
          right={16}
          size="xs"
          radius="xl"
          variant="default"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={scrollToBottom}
          style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          {t('list.scroll_to_newest')}
        </Button>
      )}
    </Box>
  );
}

import { Button, Center, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFiles, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useChatNavigation } from '../client/navigation.ts';
import { useChat, useLoadOlderMessages, type ClientChatMessage } from '../client/store.ts';
import { GRID_SIZE, imageUrl } from './attachment-links.ts';
import { FileChip } from './message-attachments.tsx';
import { RoomHeader } from './room-header.tsx';

type Attachment = { attachment: ChatAttachment; message: ClientChatMessage };

/** The files or images of the loaded messages, newest first (deleted messages have none left). */
function attachmentsOf(messages: ClientChatMessage[], kind: 'files' | 'images'): Attachment[] {
  return messages
    .filter((message) => !message.deleted_at)
    .toReversed()
    .flatMap((message) => message[kind].map((attachment) => ({ attachment, message })));
}

type AttachmentsViewProps = { chatId: string; kind: 'files' | 'images' };

/** The frame of both views: header with back, the list, and older messages on request. */
function AttachmentsView({ chatId, kind }: AttachmentsViewProps) {
  const { t } = useTranslation('chat-room');
  const { chat, messages, hasMore } = useChat(chatId);
  const { loadOlder, isLoading } = useLoadOlderMessages(chatId);
  const { go, back } = useChatNavigation();
  const entries = attachmentsOf(messages, kind);

  return (
    <Stack h="100%" mih={0} gap={0}>
      <RoomHeader name={t(`${kind}_view.title`, { name: chat?.name ?? '' })} status={null} onBack={back} />
      <Stack gap="sm" p="sm" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {entries.length === 0 && (
          <EmptyState
            size="sm"
            icon={kind === 'files' ? <IconFiles /> : <IconPhoto />}
            title={t(`${kind}_view.empty`)}
          />
        )}
        {kind === 'files' ? (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('files_view.list')}>
            {entries.map(({ attachment, message }) => (
              <Stack component="li" key={attachment.id} gap={0}>
                <Stack component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  <FileChip file={attachment} />
                </Stack>
                <Text size="xs" c="dimmed" pl={22}>
                  {t('files_view.sent_by', { name: message.from.name, date: formatDate(message.created_at) })}
                </Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          <SimpleGrid component="ul" cols={3} spacing={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {entries.map(({ attachment, message }) => (
              <li key={attachment.id}>
                <UnstyledButton
                  aria-label={t('message.open_image', { name: attachment.name })}
                  onClick={() =>
                    go({ name: 'showMessageImageGallery', chatId, id: message.id, imageId: attachment.id })
                  }
                  style={{ display: 'block', width: '100%', borderRadius: 4, overflow: 'hidden' }}
                >
                  <Image
                    src={imageUrl(attachment, GRID_SIZE)}
                    alt=""
                    fit="cover"
                    style={{ aspectRatio: '1' }}
                    loading="lazy"
                  />
                </UnstyledButton>
              </li>
            ))}
          </SimpleGrid>
        )}
        {hasMore && (
          <Center>
            <Button variant="default" size="xs" loading={isLoading} onClick={() => void loadOlder()}>
              {t('list.load_older')}
            </Button>
          </Center>
        )}
      </Stack>
    </Stack>
  );
}

/** showChatAttachments: every file of the chat's loaded messages. */
export function ChatAttachments({ chatId }: { chatId: string }) {
  return <AttachmentsView chatId={chatId} kind="files" />;
}

/** showChatImages: every image of the chat's loaded messages, as a grid opening the gallery. */
export function ChatImages({ chatId }: { chatId: string }) {
  return <AttachmentsView chatId={chatId} kind="images" />;
}

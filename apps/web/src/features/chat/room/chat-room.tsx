import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { connectedMemberId } from '../client/connection.ts';
import { chatErrorKey } from '../client/emit.ts';
import { useChatNavigation } from '../client/navigation.ts';
import {
  useChat,
  useChatActions,
  useChatProfile,
  useLoadOlderMessages,
  useNetworkInfo,
  usePresence,
} from '../client/store.ts';
import { MuteMenu } from '../components/mute-menu.tsx';
import { Composer } from './composer.tsx';
import { ComposingIndicator } from './composing-indicator.tsx';
import { attachmentCap } from './draft-attachments.ts';
import { useDraft } from './draft-store.ts';
import { dropAttachments, type AttachmentCaps } from './drop-attachments.ts';
import { MessageList } from './message-list.tsx';
import { RoomHeader } from './room-header.tsx';
import { useFileDrop } from './use-file-drop.ts';
import { useMessageHandlers } from './use-message-handlers.ts';

/** The chat room (spec 2): header, messages, who is typing, and the composer. */
export function ChatRoom({ chatId }: { chatId: string }) {
  // A fresh room per chat: scroll position, timers and loading state belong to one chat.
  return <Room key={chatId} chatId={chatId} />;
}

function Room({ chatId }: { chatId: string }) {
  const { t } = useTranslation('chat-room');
  const { chat, messages, hasMore, isLoading, error } = useChat(chatId);
  const { loadOlder } = useLoadOlderMessages(chatId);
  const actions = useChatActions(chatId);
  const { networkInfo } = useNetworkInfo();
  const { profile } = useChatProfile();
  const presence = usePresence(chat?.partner?.id ?? '');
  const { go, back } = useChatNavigation();
  const draft = useDraft(chatId);
  const me = profile?.id ?? connectedMemberId() ?? undefined;
  const handlersFor = useMessageHandlers({
    chat,
    actions,
    networkInfo,
    me,
    canStartPrivateChats: profile?.can.start_private_chats ?? false,
  });
  const findMessage = useCallback((id: string) => messages.find((message) => message.id === id), [messages]);
  const caps: AttachmentCaps = {
    files: attachmentCap('files', networkInfo),
    images: attachmentCap('images', networkInfo),
  };
  // Files dropped anywhere on the room go to the composer, while it takes attachments.
  const drop = useFileDrop(!!chat?.can.write && !draft.messageToEditId, (files) => {
    void dropAttachments(chatId, files, caps);
  });

  // The list may know the chat before its messages came (or failed to come).
  if (!chat || (messages.length === 0 && (isLoading || error))) {
    return (
      <Stack h="100%" mih={0} gap={0}>
        <RoomHeader name={chat?.name ?? ''} imageId={chat ? chat.image_id : undefined} status={null} onBack={back} />
        <Center style={{ flex: 1 }} p="md">
          {isLoading ? (
            <Loader aria-label={t('list.loading')} />
          ) : (
            <Alert color="red" variant="light" role="alert">
              {t([`errors.${error ? chatErrorKey(error) : 'not_found'}`, 'errors.unavailable'])}
            </Alert>
          )}
        </Center>
      </Stack>
    );
  }

  return (
    <Stack h="100%" mih={0} gap={0} pos="relative" {...drop.handlers} data-testid="chat-room">
      <RoomHeader
        name={chat.name}
        imageId={chat.image_id}
        status={chat.kind === 'member' && networkInfo?.show_online_status ? (chat.status ?? presence) : null}
        partnerId={chat.kind === 'member' ? chat.partner?.id : null}
        muteMenu={<MuteMenu chat={chat} />}
        onBack={back}
        onAttachments={() => go({ name: 'showChatAttachments', chatId: chat.id })}
        onImages={() => go({ name: 'showChatImages', chatId: chat.id })}
      />
      <MessageList
        chat={chat}
        messages={messages}
        hasMore={hasMore}
        loadOlder={loadOlder}
        me={me}
        actions={actions}
        handlersFor={handlersFor}
        onOpenImage={(message, imageId) =>
          go({ name: 'showMessageImageGallery', chatId: chat.id, id: message.id, imageId })
        }
      />
      <ComposingIndicator chatId={chatId} />
      <Composer
        chatId={chat.id}
        canWrite={chat.can.write}
        caps={caps}
        findMessage={findMessage}
        onSend={actions.send}
        onUpdate={(id, text) => actions.update({ id, text })}
        onComposing={actions.composing}
      />
      {drop.dragging && (
        <Box
          pos="absolute"
          inset={0}
          bg="var(--mantine-color-body)"
          opacity={0.92}
          style={{ border: '2px dashed var(--mantine-color-blue-8)', borderRadius: 8, pointerEvents: 'none' }}
          data-testid="drop-overlay"
        >
          <Center h="100%">
            <Stack align="center" gap="xs">
              <IconUpload size={32} aria-hidden />
              <Text fw={500}>{t('composer.drop_here')}</Text>
            </Stack>
          </Center>
        </Box>
      )}
    </Stack>
  );
}

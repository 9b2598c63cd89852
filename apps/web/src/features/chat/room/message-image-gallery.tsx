import { ActionIcon, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatNavigation } from '../client/navigation.ts';
import { useChat } from '../client/store.ts';
import { GALLERY_SIZE, imageUrl } from './attachment-links.ts';
import { RoomHeader } from './room-header.tsx';

type MessageImageGalleryProps = { chatId: string; id: string; imageId: string };

/**
 * showMessageImageGallery: one message's images, large; previous and next by button or arrow
 * key, Escape goes back.
 */
export function MessageImageGallery({ chatId, id, imageId }: MessageImageGalleryProps) {
  const { t } = useTranslation('chat-room');
  const { chat, messages } = useChat(chatId);
  const { go, back } = useChatNavigation();
  const frame = useRef<HTMLDivElement>(null);
  const images = messages.find((message) => message.id === id)?.images ?? [];
  const index = images.findIndex((image) => image.id === imageId);
  const image = images[index];

  // The keys work from the start, without a click into the gallery first.
  useEffect(() => frame.current?.focus(), []);

  // Each picture replaces the previous one in the panel's history: back leaves the gallery.
  const show = (next: number) => {
    const target = images[next];
    if (!target) return;
    back();
    go({ name: 'showMessageImageGallery', chatId, id, imageId: target.id });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'Escape') {
      // Only the gallery closes, not the drawer around the panel.
      event.stopPropagation();
      back();
    } else return;
    event.preventDefault();
  };

  return (
    <Stack
      h="100%"
      mih={0}
      gap={0}
      ref={frame}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ outline: 'none' }}
      data-testid="image-gallery"
    >
      <RoomHeader name={t('images_view.title', { name: chat?.name ?? '' })} status={null} onBack={back} />
      {image ? (
        <Stack gap="xs" p="xs" style={{ flex: 1, minHeight: 0 }}>
          <Center style={{ flex: 1, minHeight: 0 }}>
            <Image src={imageUrl(image, GALLERY_SIZE)} alt={image.name} fit="contain" mah="100%" maw="100%" />
          </Center>
          <Group justify="space-between" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('gallery.previous')}
              disabled={index <= 0}
              onClick={() => show(index - 1)}
            >
              <IconChevronLeft size={20} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite">
              {t('gallery.position', { index: index + 1, count: images.length, name: image.name })}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('gallery.next')}
              disabled={index >= images.length - 1}
              onClick={() => show(index + 1)}
            >
              <IconChevronRight size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t('gallery.not_found')}
        </Text>
      )}
    </Stack>
  );
}

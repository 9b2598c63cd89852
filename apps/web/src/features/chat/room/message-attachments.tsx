import { Anchor, Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '@agora/contracts';
import { formatFileSize, shortenName } from '../../../ui/file-format.ts';
import { showToast } from '../../../ui/toast.tsx';
import { downloadMessageFiles, fileUrl, imageUrl, THUMBNAIL_SIZE } from './attachment-links.ts';

/** One file: icon, name (a download link) and size. */
export function FileChip({ file }: { file: ChatAttachment }) {
  const { i18n } = useTranslation('chat-room');
  const shortName = shortenName(file.name);
  return (
    <Group component="li" gap={6} wrap="nowrap" data-testid="chat-file">
      <IconFile size={16} aria-hidden style={{ flex: 'none' }} />
      <Anchor
        href={fileUrl(file)}
        download
        size="sm"
        // Readable on the blue of own messages too.
        c="blue.9"
        title={shortName === file.name ? undefined : file.name}
        style={{ overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {shortName}
      </Anchor>
      {file.size > 0 && (
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          {formatFileSize(file.size, i18n.language)}
        </Text>
      )}
    </Group>
  );
}

type MessageAttachmentsProps = {
  messageId: string;
  files: ChatAttachment[];
  images: ChatAttachment[];
  onOpenImage: (imageId: string) => void;
};

/** A message's pictures (80x80, opening the gallery) and files (with all of them as one zip). */
export function MessageAttachments({ messageId, files, images, onOpenImage }: MessageAttachmentsProps) {
  const { t } = useTranslation('chat-room');
  const [zipping, setZipping] = useState(false);
  if (files.length === 0 && images.length === 0) return null;

  const downloadAll = async () => {
    setZipping(true);
    try {
      await downloadMessageFiles(messageId);
    } catch {
      showToast('chat-room:download_all_failed', { kind: 'error' });
    } finally {
      setZipping(false);
    }
  };

  return (
    <Stack gap={6}>
      {images.length > 0 && (
        <Group component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('message.images')}>
          {images.map((image) => (
            <li key={image.id}>
              <UnstyledButton
                aria-label={t('message.open_image', { name: image.name })}
                onClick={() => onOpenImage(image.id)}
                style={{ display: 'block', borderRadius: 4, overflow: 'hidden' }}
              >
                <Image src={imageUrl(image, THUMBNAIL_SIZE)} alt="" w={80} h={80} fit="cover" loading="lazy" />
              </UnstyledButton>
            </li>
          ))}
        </Group>
      )}
      {files.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('message.files')}>
          {files.map((file) => (
            <FileChip key={file.id} file={file} />
          ))}
        </Stack>
      )}
      {files.length >= 2 && (
        <div>
          <Button
            variant="default"
            size="compact-xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={zipping}
            onClick={() => void downloadAll()}
          >
            {t('message.download_all')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

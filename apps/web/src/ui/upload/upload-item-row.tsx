import { ActionIcon, Box, Group, Image, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconFile, IconPhoto, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StorageDirectory } from '@agora/contracts';
import { formatFileSize, shortenName } from '../file-format.ts';
import { stateOf, type UploadItem } from './upload-queue.ts';

const THUMBNAIL_SIZE = 48;

/** Where a stored image's small picture comes from; null when there is none to show. */
export function thumbnailUrl(directory: StorageDirectory, item: UploadItem): string | null {
  const state = stateOf(item);
  if (!item.id || !['volatile', 'published'].includes(state)) return null;
  const id = encodeURIComponent(item.id);
  if (directory === 'images') return `/api/storage/images/${id}/get/200x200`;
  if (directory === 'assets' && item.type.startsWith('image/')) return `/api/storage/assets/${id}/preview`;
  return null;
}

/** The message of a failed upload: error_code_{status}, else the generic one (spec, section 8). */
export function failureKey(status: number | undefined): string[] {
  return [`error_code_${status ?? 0}`, 'error_code'];
}

type UploadItemRowProps = {
  directory: StorageDirectory;
  item: UploadItem;
  onRemove: (item: UploadItem) => void;
  disabled?: boolean;
};

function Leading({ directory, item }: { directory: StorageDirectory; item: UploadItem }) {
  const state = stateOf(item);
  const src = thumbnailUrl(directory, item);
  if (src) return <Image src={src} alt="" w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} radius="sm" fit="cover" />;
  const danger = state === 'failed' || state === 'quarantine';
  const Icon = danger ? IconAlertTriangle : item.type.startsWith('image/') ? IconPhoto : IconFile;
  return (
    <ThemeIcon size={THUMBNAIL_SIZE} radius="sm" variant="light" color={danger ? 'red' : 'gray'} aria-hidden>
      <Icon size={24} />
    </ThemeIcon>
  );
}

/** One item: picture or icon, name and size, then progress, failure or quarantine, and remove. */
export function UploadItemRow({ directory, item, onRemove, disabled }: UploadItemRowProps) {
  const { t, i18n } = useTranslation('upload');
  const state = stateOf(item);
  const shortName = shortenName(item.name);
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm" data-state={state}>
      <Box style={{ flex: 'none' }}>
        <Leading directory={directory} item={item} />
      </Box>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap" style={{ rowGap: 0 }}>
          <Text
            size="sm"
            fw={500}
            title={shortName === item.name ? undefined : item.name}
            style={{ overflowWrap: 'anywhere' }}
          >
            {shortName}
          </Text>
          {/* Items loaded with their owner may come without a known size. */}
          {item.size > 0 && (
            <Text size="xs" c="dimmed">
              {formatFileSize(item.size, i18n.language)}
            </Text>
          )}
        </Group>
        {state === 'uploading' && (
          <>
            <Progress value={item.progress} size="sm" aria-label={t('progress_label', { name: item.name })} />
            <Text size="xs" c="dimmed">
              {t('uploading', { progress: item.progress })}
            </Text>
          </>
        )}
        {state === 'failed' && (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={16} color="var(--mantine-color-red-filled)" aria-hidden style={{ flex: 'none' }} />
            <Text size="xs" c="red.8">
              {t(failureKey(item.status))}
            </Text>
          </Group>
        )}
        {state === 'quarantine' && (
          <>
            <Box h={4} bg="red.7" style={{ borderRadius: 2 }} aria-hidden />
            <Text size="xs" c="red.8">
              {t('error_quarantine')}
            </Text>
          </>
        )}
      </Stack>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        style={{ flex: 'none' }}
        aria-label={t('remove', { name: item.name })}
        disabled={disabled}
        onClick={() => onRemove(item)}
      >
        <IconX size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EventFile, LockAnswer } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';
import { showToast } from '../../../ui/toast.tsx';
import { networkQuery } from '../../home/index.ts';
import { appointmentQuery } from '../api.ts';

/** The file's address that asks the server for a download rather than showing it inline. */
export function downloadUrl(file: EventFile): string {
  return `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;
}

/** Starts a download the way a link with `download` does. */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** `PUT /api/storage/files/{id}/lock` for the network's default lock period. */
function useLockFile(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: EventFile) =>
      api<LockAnswer>(`/api/storage/files/${encodeURIComponent(file.id)}/lock`, {
        method: 'PUT',
        body: { locked_until: 'default' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentQuery(appointmentId).queryKey }),
  });
}

type FileLockDialogProps = { appointmentId: string; file: EventFile | null; onClose: () => void };

/**
 * Asked when a member who may lock a file downloads it (calendars spec, section 4): download
 * only, or lock the file for the network's default lock period first, so that nobody else
 * changes it meanwhile.
 */
export function FileLockDialog({ appointmentId, file, onClose }: FileLockDialogProps) {
  const { t } = useTranslation('appointments');
  const network = useQuery(networkQuery);
  const lock = useLockFile(appointmentId);
  const days = network.data?.config.default_lock_period_days;

  const download = () => {
    if (!file) return;
    startDownload(downloadUrl(file));
    onClose();
  };
  const lockAndDownload = () => {
    if (!file) return;
    lock.mutate(file, {
      onSuccess: () => {
        showToast('appointments:file_lock.locked', { kind: 'success' });
        download();
      },
      onError: () => showToast('appointments:file_lock.failure'),
    });
  };

  return (
    <Modal opened={file !== null} onClose={onClose} title={t('file_lock.title')} centered>
      <Stack gap="lg">
        <Text>
          {days === undefined
            ? t('file_lock.message_default', { name: file?.name ?? '' })
            : t('file_lock.message', { name: file?.name ?? '', count: days })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
            {t('file_lock.download')}
          </Button>
          <Button
            leftSection={<IconLock size={16} aria-hidden />}
            loading={lock.isPending}
            onClick={lockAndDownload}
            data-autofocus
          >
            {t('file_lock.lock_and_download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@agora/contracts';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useLockFile } from '../api.ts';
import { startDownload } from '../lib/download.ts';
import { downloadUrl } from '../lib/paths.ts';

/** Whether the file's lock holds now (someone's, the member's too). */
export function isLocked(file: Pick<FileEntry, 'lockedUntil'>, now = Date.now()): boolean {
  return !!file.lockedUntil && new Date(file.lockedUntil).getTime() > now;
}

/**
 * Downloads the current version. Where the member may lock the file and nobody holds it, it asks
 * first: "download" or "lock and download" (locked for the network's default period, then fetched).
 */
export function FileDownloadButton({ file }: { file: FileEntry }) {
  const { t } = useTranslation('files');
  const [asking, setAsking] = useState(false);
  const lock = useLockFile();

  const download = () => startDownload(downloadUrl(file));
  const lockAndDownload = async () => {
    try {
      await lock.mutateAsync({ fileId: file.id, lockedUntil: 'default' });
      setAsking(false);
      download();
    } catch (error) {
      showToast(errorMessage(error, 'files'), { kind: 'error' });
    }
  };

  const ask = file.can.lock && !isLocked(file) && !file.finalizedAt;
  return (
    <>
      <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => (ask ? setAsking(true) : download())}>
        {t('file.download')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('file.download_prompt_title')} centered>
        <Stack gap="lg">
          <Text>{t('file.download_prompt')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('form.cancel')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setAsking(false);
                download();
              }}
            >
              {t('file.download_only')}
            </Button>
            <Button loading={lock.isPending} onClick={() => void lockAndDownload()} data-autofocus>
              {t('file.lock_and_download')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

import { Alert, Anchor, Button, Menu, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFileExport, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FolderExport } from '@agora/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../ui/date-format.ts';
import { showToast } from '../../ui/toast.tsx';
import { errorMessage, useErrorMessage } from '../../ui/use-error-message.ts';
import { folderExportQuery, useStartExport } from './api.ts';

/** How often a running export is asked for its progress (ms). */
export const EXPORT_POLL_MS = 2000;

export function isRunning(job: FolderExport | null | undefined): boolean {
  return job?.status === 'initialized' || job?.status === 'in_progress';
}

/** A folder's export: start one, watch its progress, download what it made, or make it anew. */
export function ExportPanel({ folderId }: { folderId: string }) {
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const query = useQuery({
    ...folderExportQuery(folderId),
    refetchInterval: (current) => (isRunning(current.state.data) ? EXPORT_POLL_MS : false),
  });
  const start = useStartExport();
  const startExport = () =>
    start.mutate(folderId, { onError: (error) => showToast(errorMessage(error, 'files'), { kind: 'error' }) });

  if (query.isPending) return <Text c="dimmed">{t('export.loading')}</Text>;
  if (query.error) return <Alert color="red">{errorText(query.error)}</Alert>;
  const job = query.data;

  const startButton = (label: string) => (
    <Button
      onClick={startExport}
      loading={start.isPending}
      leftSection={job ? <IconRefresh size={16} aria-hidden /> : <IconFileExport size={16} aria-hidden />}
    >
      {label}
    </Button>
  );

  if (!job)
    return (
      <Stack gap="md" align="flex-start">
        <Text>{t('export.intro')}</Text>
        {startButton(t('export.start'))}
      </Stack>
    );

  if (isRunning(job))
    return (
      <Stack gap="xs">
        <Text>{t(job.status === 'initialized' ? 'export.initialized' : 'export.in_progress')}</Text>
        <Progress
          value={job.progress}
          animated
          size="lg"
          aria-label={t('export.progress', { progress: job.progress })}
        />
        <Text size="sm" c="dimmed">
          {t('export.progress', { progress: job.progress })}
        </Text>
      </Stack>
    );

  if (job.status === 'failed')
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" w="100%">
          {t(`export.${job.error ?? 'export_failed'}`, { defaultValue: t('export.export_failed') })}
        </Alert>
        {startButton(t('export.generate_new'))}
      </Stack>
    );

  return (
    <Stack gap="md" align="flex-start">
      <Text>{t('export.finished', { date: formatDateTime(job.createdAt) })}</Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {job.files.map((file) => (
          <li key={file.id}>
            <Anchor href={file.downloadUrl} download>
              <IconDownload size={16} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {t('export.download', { extension: file.extension.toUpperCase() })}
            </Anchor>
          </li>
        ))}
      </Stack>
      {startButton(t('export.generate_new'))}
    </Stack>
  );
}

/** Opens a folder's export in a dialog (from the folder's menu, which closes on choosing). */
export function openExportDialog(folder: { id: string; name: string }) {
  modals.open({
    title: i18n.t('files:export.title', { name: folder.name }),
    size: 'md',
    children: <ExportPanel folderId={folder.id} />,
  });
}

/** The folder menu's entry. */
export function ExportMenuItem({ folder }: { folder: { id: string; name: string } }) {
  const { t } = useTranslation('files');
  return (
    <Menu.Item leftSection={<IconFileExport size={16} aria-hidden />} onClick={() => openExportDialog(folder)}>
      {t('export.menu')}
    </Menu.Item>
  );
}

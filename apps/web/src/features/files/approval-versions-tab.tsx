import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import type { FileWithPendingVersions, PendingVersion } from '@agora/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../ui/date-format.ts';
import { formatFileSize, shortenName } from '../../ui/file-format.ts';
import { showToast } from '../../ui/toast.tsx';
import { errorMessage } from '../../ui/use-error-message.ts';
import { useApprovePendingVersion, useDeclinePendingVersion } from './api.ts';
import { filePath } from './lib/paths.ts';

/** The download link of a pending version's bytes (they are not the file's current ones). */
function downloadUrl(version: PendingVersion): string {
  return `${version.url}${version.url.includes('?') ? '&' : '?'}download`;
}

function PendingVersionRow({ file, version }: { file: FileWithPendingVersions; version: PendingVersion }) {
  const { t, i18n } = useTranslation('files');
  const approveVersion = useApprovePendingVersion();
  const declineVersion = useDeclinePendingVersion();
  const busy = approveVersion.isPending || declineVersion.isPending;
  const name = shortenName(version.original_filename);

  const run = async (approve: boolean) => {
    const confirmed = await confirm({
      title: t(approve ? 'approval.approve_title' : 'approval.decline_title'),
      message: t(approve ? 'approval.approve_confirm' : 'approval.decline_confirm', { name }),
      confirmLabel: t(approve ? 'approval.approve' : 'approval.decline'),
      danger: !approve,
    });
    if (!confirmed) return;
    (approve ? approveVersion : declineVersion).mutate(
      { fileId: file.id, pendingVersionId: version.id },
      {
        onSuccess: () => showToast(t(approve ? 'approval.approved' : 'approval.declined', { name })),
        onError: (error) => showToast(errorMessage(error, 'files'), { kind: 'error' }),
      },
    );
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={name}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {formatFileSize(version.size, i18n.language)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('approval.uploaded_by', { name: version.author_name, date: formatDateTime(version.created_at) })}
        </Text>
        {version.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {version.description}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button
            component="a"
            href={downloadUrl(version)}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={t('approval.download_version', { name })}
          >
            {t('approval.download')}
          </Button>
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={approveVersion.isPending}
            disabled={busy}
            onClick={() => void run(true)}
            aria-label={t('approval.approve_version', { name })}
          >
            {t('approval.approve')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={busy}
            onClick={() => void run(false)}
            aria-label={t('approval.decline_version', { name })}
          >
            {t('approval.decline')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The files with new versions waiting for approval, each version with download, approve and decline. */
export function ApprovalVersionsTab({ files, groupSlug }: { files: FileWithPendingVersions[]; groupSlug?: string }) {
  const { t } = useTranslation('files');
  const waiting = files.filter((file) => file.pending_versions.length > 0);
  if (waiting.length === 0) return <Text c="dimmed">{t('approval.empty')}</Text>;
  return (
    <Stack gap="lg">
      {waiting.map((file) => (
        <Stack key={file.id} gap="xs" component="section" aria-label={file.name}>
          <Title order={2} fz="h4">
            <Anchor component={Link} to={filePath(file.id, groupSlug)}>
              {shortenName(file.name)}
            </Anchor>
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {file.pending_versions.map((version) => (
              <PendingVersionRow key={version.id} file={file} version={version} />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

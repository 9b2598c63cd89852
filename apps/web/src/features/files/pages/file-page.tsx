import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEdit, IconLock, IconLockOpen, IconShieldCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { FileEntry } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../../ui/date-format.ts';
import { formatFileSize } from '../../../ui/file-format.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { sessionQuery } from '../../session/index.ts';
import { fileQuery, trackFileView, useBatchDelete, useLockFile } from '../api.ts';
import { FileDownloadButton, isLocked } from '../components/file-download-button.tsx';
import { FileVersions } from '../components/file-versions.tsx';
import { useFileFolders } from '../components/use-file-folders.ts';
import { folderName } from '../lib/folder-name.ts';
import { fileEditPath, filesBase, folderPath, newVersionPath } from '../lib/paths.ts';
import { OfficeActions } from '../office-actions.tsx';
import { useProfileDetails } from '../profile-columns.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The lock state of a file as a line: by the member, by someone else, finalized. */
function FileState({ file, memberId }: { file: FileEntry; memberId: string | null }) {
  const { t } = useTranslation('files');
  if (file.finalizedAt)
    return (
      <Alert color="gray" icon={<IconShieldCheck size={18} aria-hidden />}>
        {t('file.finalized')}
      </Alert>
    );
  if (!isLocked(file)) return null;
  const date = formatDateTime(file.lockedUntil);
  return (
    <Alert color={file.lockedById === memberId ? 'blue' : 'yellow'} icon={<IconLock size={18} aria-hidden />}>
      {file.lockedById === memberId ? t('file.locked_by_you', { date }) : t('file.locked_by_other', { date })}
    </Alert>
  );
}

/**
 * A file's page (`/files/{id}`, within a group, or a chat attachment's): its details and folders,
 * download (asking to lock first where the member may), lock, edit, new version, delete, and
 * its versions. Opening it counts a view.
 */
export function FilePage() {
  const { t, i18n } = useTranslation('files');
  const { fileId = '', groupSlug = null, chatId = null } = useParams();
  const navigate = useNavigate();
  const memberId = useQuery(sessionQuery).data?.member?.id ?? null;
  const query = useQuery(fileQuery(fileId));
  const file = query.data;
  const { folders } = useFileFolders(file?.folder_ids ?? []);
  const lock = useLockFile();
  const remove = useBatchDelete();
  const profile = useProfileDetails(file);
  usePageTitle(file?.name ?? t('module'));

  useEffect(() => {
    if (fileId) trackFileView(fileId).catch(() => undefined);
  }, [fileId]);

  if (query.isPending) return <LoadingRow />;
  if (query.isError)
    return (
      <PageContainer>
        <ErrorRow error={query.error} onRetry={() => void query.refetch()} kind="page" />
      </PageContainer>
    );
  const data = query.data;
  const first = folders[0];
  const slugOf = (folder: { namespace: string; group: { slug: string } | null }) =>
    folder.namespace === 'group' ? (folder.group?.slug ?? groupSlug) : null;
  const backTo = chatId
    ? `/chat/${encodeURIComponent(chatId)}`
    : first
      ? folderPath(first.id, slugOf(first))
      : filesBase(groupSlug);
  const locked = isLocked(data);
  const mine = data.lockedById === memberId;

  const setLock = async (on: boolean) => {
    try {
      await lock.mutateAsync({ fileId: data.id, lockedUntil: on ? 'default' : null });
      showToast(t(on ? 'file.locked' : 'file.unlocked'), { kind: 'success' });
    } catch (error) {
      showToast(errorMessage(error, 'files'), { kind: 'error' });
    }
  };
  const onDelete = async () => {
    const ok = await confirm({
      title: t('file.delete_title'),
      message: t('file.delete_message', { name: data.name }),
      confirmLabel: t('file.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      const answer = await remove.mutateAsync({ type: 'files', body: { file_ids: [data.id] } });
      const refused = answer?.refused?.[0];
      if (refused) {
        showToast(t('batch.refused', { names: `${data.name} (${t(`batch.reasons.${refused.reason}`)})` }), {
          kind: 'error',
        });
        return;
      }
      showToast(t('file.deleted'), { kind: 'success' });
      void navigate(backTo);
    } catch (error) {
      showToast(errorMessage(error, 'files'), { kind: 'error' });
    }
  };

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={data.name}
          backTo={backTo}
          actions={
            <Group gap="xs" wrap="wrap">
              <FileDownloadButton file={data} />
              {data.can.lock && !locked && (
                <Button
                  variant="default"
                  leftSection={<IconLock size={16} aria-hidden />}
                  loading={lock.isPending}
                  onClick={() => void setLock(true)}
                >
                  {t('file.lock')}
                </Button>
              )}
              {locked && mine && (
                <Button
                  variant="default"
                  leftSection={<IconLockOpen size={16} aria-hidden />}
                  loading={lock.isPending}
                  onClick={() => void setLock(false)}
                >
                  {t('file.unlock')}
                </Button>
              )}
              {data.can.update && (
                <>
                  <Button
                    variant="default"
                    component={Link}
                    to={fileEditPath(data.id, groupSlug)}
                    leftSection={<IconEdit size={16} aria-hidden />}
                  >
                    {t('file.edit')}
                  </Button>
                  <Button
                    variant="default"
                    component={Link}
                    to={newVersionPath(data.id, groupSlug)}
                    leftSection={<IconUpload size={16} aria-hidden />}
                  >
                    {t('file.new_version')}
                  </Button>
                </>
              )}
              {data.can.destroy && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void onDelete()}
                >
                  {t('file.delete')}
                </Button>
              )}
            </Group>
          }
        />
        <FileState file={data} memberId={memberId} />
        <OfficeActions file={data} />
        {data.pending_versions_count > 0 && (
          <Text size="sm" c="dimmed">
            {t('file.pending_versions', { count: data.pending_versions_count })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" aria-label={t('file.details')}>
          <Detail label={t('file.size')}>{formatFileSize(data.size, i18n.language)}</Detail>
          <Detail label={t('file.version')}>{data.version}</Detail>
          <Detail label={t('file.author')}>{data.author.displayName}</Detail>
          <Detail label={t('file.created')}>{formatDateTime(data.created_at)}</Detail>
          <Detail label={t('file.updated')}>{formatDateTime(data.updated_at)}</Detail>
          {profile.map((value) => (
            <Detail key={value.key} label={value.label}>
              {value.text}
            </Detail>
          ))}
        </SimpleGrid>
        {data.description && (
          <Detail label={t('file.description')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{data.description}</span>
          </Detail>
        )}
        {folders.length > 0 && (
          <Detail label={t('file.folders')}>
            <Group gap="md" wrap="wrap">
              {folders.map((folder) => (
                <Anchor key={folder.id} component={Link} to={folderPath(folder.id, slugOf(folder))}>
                  {folderName(folder, t)}
                </Anchor>
              ))}
            </Group>
          </Detail>
        )}
        <FileVersions file={data} />
      </Stack>
    </PageContainer>
  );
}

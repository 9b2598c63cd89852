import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow } from '../../../ui/rows.tsx';
import { folderQuery, markFolderRead } from '../api.ts';
import { folderName } from '../lib/folder-name.ts';
import { filesBase, folderPath, newFilesPath } from '../lib/paths.ts';
import { FilesTable, type ExtraColumn } from './files-table.tsx';
import { FolderBreadcrumb } from './folder-breadcrumb.tsx';
import { FolderMenu } from './folder-menu.tsx';
import { ApprovalButton } from '../approval-link.tsx';
import { useProfileColumns } from '../profile-columns.tsx';
import { FolderSearchPanel } from '../search-panel.tsx';

type FolderViewProps = { folderId: string; groupSlug: string | null; extraColumns?: ExtraColumn[] };

/** A folder's page: where it is, its actions, its description and its table; opening it marks it read. */
export function FolderView({ folderId, groupSlug, extraColumns }: FolderViewProps) {
  const { t } = useTranslation('files');
  const queryClient = useQueryClient();
  const folder = useQuery(folderQuery(folderId));
  const profileColumns = useProfileColumns();
  const data = folder.data;
  usePageTitle(data ? folderName(data, t) : t('roots.title'));

  const loadedId = data?.id ?? null;
  useEffect(() => {
    // Seen once it is shown: its unseen files no longer count.
    if (loadedId) markFolderRead(queryClient, loadedId).catch(() => undefined);
  }, [loadedId, queryClient]);

  if (folder.isError && !data) {
    return (
      <PageContainer>
        <ErrorRow error={folder.error} onRetry={() => void folder.refetch()} kind="page" />
      </PageContainer>
    );
  }

  const parent = data?.folder_path.at(-2);
  const slug = data?.namespace === 'group' ? (data.group?.slug ?? groupSlug) : groupSlug;
  return (
    <PageContainer>
      <Stack gap="sm">
        {data && <FolderBreadcrumb folder={data} groupSlug={groupSlug} />}
        <PageToolbar
          title={data ? folderName(data, t) : t('roots.title')}
          backTo={parent ? folderPath(parent.id, slug) : filesBase(groupSlug)}
          actions={
            data && (
              <Group gap="xs">
                {data.can.add_files && (
                  <Button
                    component={Link}
                    to={newFilesPath(data.id, slug)}
                    leftSection={<IconUpload size={16} aria-hidden />}
                  >
                    {t('folder.add_files')}
                  </Button>
                )}
                <ApprovalButton folder={data} />
                <FolderMenu folder={data} groupSlug={slug} />
              </Group>
            )
          }
        />
        {data?.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {data.description}
          </Text>
        )}
        {data?.requires_approval && (
          <Text size="sm" c="dimmed">
            {t('folder.requires_approval')}
          </Text>
        )}
        <FolderSearchPanel folderId={folderId}>
          <FilesTable
            folderId={folderId}
            subfolders={data?.subfolders ?? []}
            files={data?.files ?? []}
            loading={folder.isPending}
            error={folder.error}
            onRetry={() => void folder.refetch()}
            groupSlug={slug}
            extraColumns={extraColumns ?? profileColumns}
            emptyText={data?.type === 'root_folder' ? 'empty' : 'empty_folder'}
          />
        </FolderSearchPanel>
      </Stack>
    </PageContainer>
  );
}

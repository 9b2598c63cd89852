import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { FolderSummary } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { rootsQuery } from '../api.ts';
import { FolderView } from '../components/folder-view.tsx';
import { folderName } from '../lib/folder-name.ts';
import { folderPath } from '../lib/paths.ts';

function RootCard({ folder }: { folder: FolderSummary }) {
  const { t } = useTranslation('files');
  const slug = folder.namespace === 'group' ? (folder.group?.slug ?? null) : null;
  return (
    <Card component={Link} to={folderPath(folder.id, slug)} withBorder padding="md" radius="md">
      <Group gap="sm" wrap="nowrap">
        <IconFolder size={28} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {folder.group?.name ?? folderName(folder, t)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('table.folder_items', { count: folder.total_files_count + folder.total_subfolders_count })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** `/files`: the network's root and the roots of the member's groups. */
export function RootsPage() {
  const { t } = useTranslation('files');
  usePageTitle(t('roots.title'));
  const roots = useQuery(rootsQuery());
  const data = roots.data;
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={t('roots.title')} />
        {roots.isPending ? (
          <LoadingRow />
        ) : roots.isError ? (
          <ErrorRow error={roots.error} onRetry={() => void roots.refetch()} />
        ) : !data?.network && data?.groups.length === 0 ? (
          <EmptyState icon={<IconFolder />} title={t('roots.empty')} />
        ) : (
          <>
            {data?.network && (
              <section aria-labelledby="files-network">
                <Title order={2} size="h4" id="files-network" mb="xs">
                  {t('roots.network')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  <RootCard folder={data.network} />
                </SimpleGrid>
              </section>
            )}
            {data && data.groups.length > 0 && (
              <section aria-labelledby="files-groups">
                <Title order={2} size="h4" id="files-groups" mb="xs">
                  {t('roots.groups')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {data.groups.map((folder) => (
                    <RootCard key={folder.id} folder={folder} />
                  ))}
                </SimpleGrid>
              </section>
            )}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}

/** `/groups/{slug}/files`: the group's root folder. */
export function GroupFilesPage() {
  const { groupSlug = '' } = useParams();
  const roots = useQuery(rootsQuery());
  if (roots.isPending) return <LoadingRow />;
  if (roots.isError) return <ErrorRow error={roots.error} onRetry={() => void roots.refetch()} />;
  const root = roots.data.groups.find((folder) => folder.group?.slug === groupSlug);
  if (!root) return <NotFoundState kind="group" titleOrder={1} />;
  return <FolderView key={root.id} folderId={root.id} groupSlug={groupSlug} />;
}

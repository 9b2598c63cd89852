import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { formatFileSize, shortenName } from '../../../ui/file-format.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { fileVersionsQuery } from '../api.ts';
import { downloadUrl } from '../lib/paths.ts';

/** The kept versions of a file, newest first, each downloadable (`?_=v{major}`). */
export function FileVersions({ file }: { file: FileEntry }) {
  const { t, i18n } = useTranslation('files');
  const versions = useQuery(fileVersionsQuery(file.id));
  return (
    <Stack gap="xs" component="section" aria-labelledby="file-versions">
      <Title order={2} size="h4" id="file-versions">
        {t('file.versions')}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('file.version')}</Table.Th>
              <Table.Th>{t('table.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('table.size')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('table.author')}</Table.Th>
              <Table.Th>{t('file.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.isPending ? (
              <LoadingRow colSpan={5} />
            ) : versions.isError ? (
              <ErrorRow colSpan={5} error={versions.error} onRetry={() => void versions.refetch()} />
            ) : versions.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">{t('file.no_versions')}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              versions.data.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap={6} wrap="nowrap">
                      {version.version}
                      {version.version === file.version && (
                        <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                          {t('file.current')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      href={downloadUrl(file, version)}
                      aria-label={t('file.download_version', { version: version.version })}
                      style={{ wordBreak: 'break-word' }}
                    >
                      <Group gap={6} wrap="nowrap" component="span">
                        <IconDownload size={16} aria-hidden />
                        {shortenName(version.original_filename)}
                      </Group>
                    </Anchor>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatFileSize(version.size, i18n.language)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{version.author.displayName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(version.created_at)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../ui/date-format.ts';
import { shortenName } from '../../ui/file-format.ts';
import { Pager } from '../../ui/pager.tsx';
import { useErrorMessage } from '../../ui/use-error-message.ts';
import { networkQuery } from '../home/index.ts';
import { reviewStatusQuery, type FolderContext } from './api.ts';
import { documentHostPath } from './office-actions.tsx';
import { filePath } from './lib/paths.ts';

const COUNTS = ['insertions', 'deletions', 'changes', 'comments'] as const;

/** The open review status: what the office editor reported of each file's current version, a page at a time. */
export function ApprovalReviewTab({ context, groupSlug }: { context: FolderContext; groupSlug?: string }) {
  const { t } = useTranslation('files');
  const errorMessage = useErrorMessage('files');
  const [page, setPage] = useState(1);
  const query = useQuery(reviewStatusQuery(context, page));
  // The tracked changes open in the office editor, where there is one.
  const office = !!useQuery(networkQuery).data?.config.office_documents?.enabled;

  if (query.isPending) return <Text c="dimmed">{t('approval.loading')}</Text>;
  if (query.error) return <Text c="red">{errorMessage(query.error)}</Text>;
  if (query.data.entries.length === 0) return <Text c="dimmed">{t('approval.review_empty')}</Text>;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('approval.columns.name')}</Table.Th>
              <Table.Th>{t('approval.columns.updated_at')}</Table.Th>
              <Table.Th>{t('approval.columns.authors')}</Table.Th>
              {COUNTS.map((count) => (
                <Table.Th key={count} ta="right">
                  {t(`approval.columns.${count}`)}
                </Table.Th>
              ))}
              {office && <Table.Th>{t('approval.columns.office')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Anchor component={Link} to={filePath(entry.id, groupSlug)}>
                    {shortenName(entry.original_filename)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(entry.updated_at)}</Table.Td>
                <Table.Td>{entry.current_version_authors.join(', ')}</Table.Td>
                {COUNTS.map((count) => (
                  <Table.Td key={count} ta="right">
                    {entry.review_status[count]}
                  </Table.Td>
                ))}
                {office && (
                  <Table.Td>
                    <Anchor
                      href={`${documentHostPath(entry.id, 'view')}?show_review_changes`}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('approval.show_changes_of', { name: entry.original_filename })}
                    >
                      {t('approval.show_changes')}
                    </Anchor>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager total={query.data.totalPages} page={page} onChange={setPage} />
    </Stack>
  );
}

import { Anchor, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFolder, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileEntry, FolderSummary } from '@agora/contracts';
import { formatDate, formatDateTime } from '../../../ui/date-format.ts';
import { formatFileSize, shortenName } from '../../../ui/file-format.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { sessionQuery } from '../../session/index.ts';
import { folderName } from '../lib/folder-name.ts';
import { filePath, folderPath } from '../lib/paths.ts';
import { lockedByOther, type Selection } from '../lib/selection.ts';
import { FileIcon } from './file-icon.tsx';
import { FilesToolbar } from './files-toolbar.tsx';

/** A column other parts add to the table (profile fields, say), after the built-in ones. */
export type ExtraColumn = { key: string; label: string; render(file: FileEntry): ReactNode };

type FilesTableProps = {
  /** The folder listed: batch actions take the files out of this folder (their other folders keep them). */
  folderId: string | null;
  subfolders: FolderSummary[];
  files: FileEntry[];
  loading?: boolean;
  error?: unknown;
  onRetry?: () => unknown;
  /** The group whose pages the file links stay in; folders link into their own tree. */
  groupSlug?: string | null;
  extraColumns?: ExtraColumn[];
  /** Whether anything has been made in this tree yet ("no files yet") or this folder is just empty. */
  emptyText?: 'empty' | 'empty_folder';
};

const EMPTY_SELECTION: Selection = { fileIds: [], folderIds: [] };

function folderLink(folder: FolderSummary) {
  return folderPath(folder.id, folder.namespace === 'group' ? (folder.group?.slug ?? null) : null);
}

/**
 * The table of a folder: its subfolders, then its files, each with icon, name (shortened in the
 * middle), size, last change and author. Selected items can be moved, deleted or downloaded as
 * a zip; locked and finalized files and items the member may not delete keep move and delete off.
 */
export function FilesTable({
  folderId,
  subfolders,
  files,
  loading = false,
  error,
  onRetry,
  groupSlug = null,
  extraColumns = [],
  emptyText = 'empty_folder',
}: FilesTableProps) {
  const { t, i18n } = useTranslation('files');
  const memberId = useQuery(sessionQuery).data?.member?.id ?? null;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  // Items gone from the listing (moved, deleted) leave the selection too.
  const current = useMemo<Selection>(
    () => ({
      fileIds: selection.fileIds.filter((id) => files.some((file) => file.id === id)),
      folderIds: selection.folderIds.filter((id) => subfolders.some((folder) => folder.id === id)),
    }),
    [selection, files, subfolders],
  );
  const total = files.length + subfolders.length;
  const selectedCount = current.fileIds.length + current.folderIds.length;
  const columns = 5 + extraColumns.length;

  const toggle = (type: 'file' | 'folder', id: string, on: boolean) =>
    setSelection((old) => {
      const key = type === 'file' ? 'fileIds' : 'folderIds';
      const ids = old[key].filter((other) => other !== id);
      return { ...old, [key]: on ? [...ids, id] : ids };
    });
  const toggleAll = (on: boolean) =>
    setSelection(
      on
        ? { fileIds: files.map((file) => file.id), folderIds: subfolders.map((folder) => folder.id) }
        : EMPTY_SELECTION,
    );

  let body: ReactNode;
  if (loading) body = <LoadingRow colSpan={columns} label={t('table.loading')} />;
  else if (error) body = <ErrorRow colSpan={columns} error={error} onRetry={onRetry} />;
  else if (total === 0)
    body = (
      <tr>
        <td colSpan={columns}>
          <Text c="dimmed" ta="center" py="md">
            {t(`table.${emptyText}`)}
          </Text>
        </td>
      </tr>
    );
  else
    body = (
      <>
        {subfolders.map((folder) => {
          const name = folderName(folder, t);
          return (
            <Table.Tr key={`folder-${folder.id}`}>
              <Table.Td w={40}>
                <Checkbox
                  aria-label={t('table.select', { name })}
                  checked={current.folderIds.includes(folder.id)}
                  onChange={(event) => toggle('folder', folder.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <IconFolder size={20} aria-hidden style={{ flexShrink: 0 }} />
                  <Anchor component={Link} to={folderLink(folder)} title={name} style={{ wordBreak: 'break-word' }}>
                    {shortenName(name)}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" c="dimmed">
                  {t('table.folder_items', { count: folder.total_files_count + folder.total_subfolders_count })}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(folder.updated_at)}</Table.Td>
              <Table.Td visibleFrom="md" />
              {extraColumns.map((column) => (
                <Table.Td key={column.key} visibleFrom="sm" />
              ))}
            </Table.Tr>
          );
        })}
        {files.map((file) => {
          const lockedByAnother = lockedByOther(file, memberId);
          return (
            <Table.Tr key={`file-${file.id}`}>
              <Table.Td w={40}>
                <Checkbox
                  aria-label={t('table.select', { name: file.name })}
                  checked={current.fileIds.includes(file.id)}
                  onChange={(event) => toggle('file', file.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <FileIcon extension={file.extension} />
                  <Anchor
                    component={Link}
                    to={filePath(file.id, groupSlug)}
                    title={file.name}
                    style={{ wordBreak: 'break-word' }}
                  >
                    {shortenName(file.name)}
                  </Anchor>
                  {lockedByAnother && (
                    <Tooltip label={t('table.locked_until', { date: formatDateTime(file.lockedUntil) })}>
                      <span
                        role="img"
                        tabIndex={0}
                        aria-label={t('table.locked_until', { date: formatDateTime(file.lockedUntil) })}
                        data-testid="locked-icon"
                      >
                        <IconLock size={16} aria-hidden />
                      </span>
                    </Tooltip>
                  )}
                  {file.finalizedAt && (
                    <Tooltip label={t('table.finalized')}>
                      <span role="img" tabIndex={0} aria-label={t('table.finalized')} data-testid="finalized-icon">
                        <IconShieldCheck size={16} aria-hidden />
                      </span>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(file.size, i18n.language)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(file.updated_at)}</Table.Td>
              <Table.Td visibleFrom="md">{file.author.displayName}</Table.Td>
              {extraColumns.map((column) => (
                <Table.Td key={column.key} visibleFrom="sm">
                  {column.render(file)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </>
    );

  return (
    <div>
      <FilesToolbar
        sourceFolderId={folderId}
        selection={current}
        files={files}
        folders={subfolders}
        memberId={memberId}
        onDone={() => setSelection(EMPTY_SELECTION)}
      />
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('table.select_all')}
                  disabled={total === 0}
                  checked={total > 0 && selectedCount === total}
                  indeterminate={selectedCount > 0 && selectedCount < total}
                  onChange={(event) => toggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th>{t('table.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('table.size')}</Table.Th>
              <Table.Th>{t('table.updated')}</Table.Th>
              <Table.Th visibleFrom="md">{t('table.author')}</Table.Th>
              {extraColumns.map((column) => (
                <Table.Th key={column.key} visibleFrom="sm">
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

import { NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { FolderSummary } from '@agora/contracts';
import { CountBadge } from '../../app/shell/count-badge.tsx';
import { sessionQuery } from '../session/index.ts';
import { folderUnreadsQuery, rootsQuery } from './api.ts';
import { approvalPath } from './approval-context.ts';
import { folderName } from './lib/folder-name.ts';
import { folderPath } from './lib/paths.ts';

/**
 * The user bar of the files module: all files, the network's root and the member's groups'
 * roots, with the count of unseen files (`/unreads/folders`), and the approval screens of the
 * trees whose files the member reviews.
 */
export function FilesBar() {
  const { t } = useTranslation('files');
  const { pathname } = useLocation();
  const roots = useQuery(rootsQuery()).data;
  const unreads = useQuery(folderUnreadsQuery()).data;
  // A network administrator reviews every group's files: a link per group would repeat the whole
  // group list. They reach a group's approval screen from its files page.
  const networkAdmin = useQuery(sessionQuery).data?.member?.network_admin === true;
  const total = unreads?.folders.reduce((sum, entry) => sum + entry.unread_count, 0) ?? 0;
  const count = (id: string) => unreads?.folders.find((entry) => entry.id === id)?.unread_count ?? 0;

  const link = (to: string, label: string, right?: ReactNode) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      rightSection={right}
      active={pathname === to}
      variant="light"
      py={4}
    />
  );
  const rootLink = (folder: FolderSummary) =>
    link(
      folderPath(folder.id, folder.namespace === 'group' ? (folder.group?.slug ?? null) : null),
      folder.group?.name ?? folderName(folder, t),
      <CountBadge count={count(folder.id)} />,
    );
  // A group's approval screen, below the group's root, for those who review its files as its
  // admins or named reviewers.
  const groupLinks = (folder: FolderSummary) => [
    rootLink(folder),
    folder.can.review &&
      !networkAdmin &&
      folder.group &&
      link(approvalPath(folder.group.slug), t('approval.group_link', { group: folder.group.name })),
  ];
  return (
    <Stack gap={0} data-testid="files-bar">
      {link('/files', t('userbar.all'), <CountBadge count={total} />)}
      {roots?.network && rootLink(roots.network)}
      {roots?.network?.can.review && link(approvalPath(), t('approval.link'))}
      {roots && roots.groups.length > 0 && (
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt="sm" pb={4}>
          {t('roots.groups')}
        </Text>
      )}
      {roots?.groups.flatMap(groupLinks)}
    </Stack>
  );
}

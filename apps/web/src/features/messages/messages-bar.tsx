import { NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { CountBadge } from '../../app/shell/count-badge.tsx';
import { unreadsQuery } from '../../app/unreads.ts';
import { networkQuery } from '../home/index.ts';
import { maySendMessages, unreadMessages } from './lib/compose.ts';

/** The user bar of the messages module: inbox (with the unread count), sent, new; a group's own. */
export function MessagesBar() {
  const { t } = useTranslation('messages');
  const { pathname } = useLocation();
  const unread = unreadMessages(useQuery(unreadsQuery).data);
  const maySend = maySendMessages(useQuery(networkQuery).data);
  const groupSlug = matchPath('/groups/:groupSlug/messages/*', pathname)?.params['groupSlug'];
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
  const group = groupSlug && `/groups/${encodeURIComponent(groupSlug)}/messages`;
  return (
    <Stack gap={0} data-testid="messages-bar">
      {group && (
        <>
          {link(group, t('bar.group_inbox'))}
          {link(`${group}/sent`, t('bar.group_sent'))}
          {maySend && link(`${group}/new`, t('bar.group_new'))}
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt="sm" pb={4}>
            {t('bar.all_messages')}
          </Text>
        </>
      )}
      {link('/messages', t('inbox'), <CountBadge count={unread} />)}
      {link('/messages/sent', t('sent'))}
      {maySend && link('/messages/new', t('new'))}
    </Stack>
  );
}

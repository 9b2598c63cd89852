import { NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { CountBadge } from '../../app/shell/count-badge.tsx';
import { unreadsQuery } from '../../app/unreads.ts';

const GROUP_PATTERNS = [
  '/groups/:groupSlug/calendars/*',
  '/groups/:groupSlug/calendars',
  '/groups/:groupSlug/appointments',
];

/** The user bar of the calendars module: the overviews, managing and subscribing. */
export function CalendarsBar() {
  const { t } = useTranslation(['calendars', 'appointments']);
  const { pathname } = useLocation();
  const groupSlug = GROUP_PATTERNS.map((pattern) => matchPath(pattern, pathname)).find(Boolean)?.params['groupSlug'];
  const invitesCount = useQuery(unreadsQuery).data?.Calendars ?? 0;
  const link = (to: string, label: string, also: string[] = [], right?: ReactNode) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      rightSection={right}
      active={pathname === to || also.includes(pathname)}
      variant="light"
      py={4}
    />
  );
  return (
    <Stack gap={0} data-testid="calendars-bar">
      {groupSlug && (
        <>
          {link(`/groups/${groupSlug}/calendars`, t('bar.group_appointments'), [`/groups/${groupSlug}/appointments`])}
          {link(`/groups/${groupSlug}/calendars/manage`, t('bar.group_manage'))}
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt="sm" pb={4}>
            {t('bar.all_calendars')}
          </Text>
        </>
      )}
      {link('/appointments', t('bar.all'))}
      {link('/appointments/participating', t('bar.participating'))}
      {link('/appointments/invites', t('appointments:invites.bar'), [], <CountBadge count={invitesCount} />)}
      {link('/calendars/my', t('bar.my'))}
      {link('/calendars/shared', t('bar.shared'))}
      {link('/calendars/manage', t('bar.manage'))}
      {link('/calendars/subscribe', t('bar.subscribe'))}
    </Stack>
  );
}

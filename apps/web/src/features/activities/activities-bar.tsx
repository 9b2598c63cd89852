import { NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ACTIVITY_LIMITS } from '@agora/contracts';
import { CountBadge } from '../../app/shell/count-badge.tsx';
import { activityUnreadsQuery, streamListQuery } from './api.ts';
import { pathOfStream, streamsBase } from './lib/paths.ts';

/** True once `ms` have passed since the first render (the unread calls wait a moment). */
function useAfter(ms: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return ready;
}

/**
 * The user bar of the activities module: the home, `all`, and every stream the member reads,
 * grouped by category (network streams first), each with its unread count (polled every minute).
 */
export function ActivitiesBar() {
  const { t } = useTranslation('activities');
  const { pathname } = useLocation();
  const list = useQuery(streamListQuery());
  const ready = useAfter(ACTIVITY_LIMITS.unreadsActivitiesDelayMs);
  const unreads = useQuery({ ...activityUnreadsQuery, enabled: ready }).data;
  const count = (id: string) => unreads?.activitystreams.find((entry) => entry.id === id)?.unread_count ?? 0;

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
  const data = list.data;
  return (
    <Stack gap={0} data-testid="activities-bar">
      {link(streamsBase(null), t('stream.home'), <CountBadge count={unreads?.total ?? 0} />)}
      {data && link(pathOfStream(data.all), t('stream.all_streams'))}
      {data?.categories
        .filter((entry) => entry.streams.length > 0)
        .map((entry) => (
          <Stack gap={0} key={entry.category?.id ?? 'network'}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt="sm" pb={4}>
              {entry.category?.name ?? t('composer.network_streams')}
            </Text>
            {entry.streams.map((stream) =>
              link(pathOfStream(stream), stream.name, <CountBadge count={count(stream.id)} />),
            )}
          </Stack>
        ))}
    </Stack>
  );
}

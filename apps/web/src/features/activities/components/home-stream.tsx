import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { streamListQuery, type StreamSource } from '../api.ts';
import { streamPath } from '../lib/paths.ts';
import { StreamView } from './stream-view.tsx';

/** The member's home stream (the streams they subscribed to) with the composer, for the start page. */
export function HomeStream() {
  const { t } = useTranslation('activities');
  const list = useQuery(streamListQuery());
  const source: StreamSource = useMemo(
    () => ({ kind: 'stream', stream: 'all', subscribed: true, filter: 'all', tag: null }),
    [],
  );
  return (
    <Stack gap="sm" data-testid="home-stream">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="h3">
          {t('stream.home')}
        </Title>
        <Anchor component={Link} to={streamPath(null, 'all')} size="sm">
          {t('stream.all_streams')}
        </Anchor>
      </Group>
      <StreamView source={source} readStreamId={list.data?.all.id ?? null} composer={null} />
    </Stack>
  );
}

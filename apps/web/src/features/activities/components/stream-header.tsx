import { Badge, Button, CloseButton, Group, Select, Stack, Switch, Title } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ACTIVITY_STREAM_FILTERS,
  type Activitystream,
  type ActivitystreamList,
  type ActivityStreamFilter,
} from '@agora/contracts';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useSubscribeStream } from '../api.ts';
import { pathOfStream, streamsBase } from '../lib/paths.ts';

const HOME = '__home';

type StreamHeaderProps = {
  title: string;
  list: ActivitystreamList | undefined;
  /** The stream shown; null on the home. */
  stream: Activitystream | null;
  filter: ActivityStreamFilter;
  /** Where each filter leads. */
  filterPath: (filter: ActivityStreamFilter) => string;
  tag: string | null;
  onRemoveTag: () => void;
};

/** The stream's name, its subscription, the stream switcher, the filters and the tag filter. */
export function StreamHeader({ title, list, stream, filter, filterPath, tag, onRemoveTag }: StreamHeaderProps) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const subscribe = useSubscribeStream();

  const canSubscribe = Boolean(
    list?.subscriptions_enabled && stream && stream.kind !== 'all' && stream.i.can.subscribe,
  );
  const toggle = (next: boolean) => {
    if (!stream) return;
    subscribe.mutate(
      { streamId: stream.id, subscribe: next },
      {
        onSuccess: () => showToast(next ? t('stream.subscribed') : t('stream.unsubscribed'), { kind: 'success' }),
        onError: (error) => showToast(errorMessage(error), { kind: 'error' }),
      },
    );
  };

  const switcher = list && [
    {
      group: t('stream.overview'),
      items: [
        { value: HOME, label: t('stream.home') },
        { value: list.all.id, label: t('stream.all_streams') },
      ],
    },
    ...list.categories
      .filter((entry) => entry.streams.length > 0)
      .map((entry) => ({
        group: entry.category?.name ?? t('composer.network_streams'),
        items: entry.streams.map((s) => ({ value: s.id, label: s.name })),
      })),
  ];
  const byId = (id: string) =>
    id === list?.all.id ? list.all : list?.categories.flatMap((entry) => entry.streams).find((s) => s.id === id);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Group gap="md" align="center" wrap="wrap">
          {canSubscribe && stream && (
            <Switch
              checked={stream.i.subscribed}
              onChange={(event) => toggle(event.currentTarget.checked)}
              disabled={subscribe.isPending}
              label={t('stream.subscribe')}
              data-testid="subscribe-switch"
            />
          )}
          {switcher && (
            <Select
              aria-label={t('stream.switcher')}
              data={switcher}
              value={stream ? stream.id : HOME}
              onChange={(value) => {
                if (!value) return;
                const target = value === HOME ? null : byId(value);
                void navigate(target ? pathOfStream(target) : streamsBase(null));
              }}
              allowDeselect={false}
              searchable
              size="sm"
              w={{ base: '100%', xs: 240 }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
      </Group>
      <Group component="nav" aria-label={t('stream.filters')} gap={4} wrap="nowrap" style={{ overflowX: 'auto' }}>
        {ACTIVITY_STREAM_FILTERS.map((value) => (
          <Button
            key={value}
            component={Link}
            to={filterPath(value)}
            size="compact-sm"
            variant={value === filter ? 'light' : 'subtle'}
            color={value === filter ? undefined : 'gray'}
            aria-current={value === filter ? 'page' : undefined}
            style={{ flexShrink: 0 }}
          >
            {t(`filters.${value}`)}
          </Button>
        ))}
      </Group>
      {tag && (
        <Group gap="xs">
          <Badge
            size="lg"
            variant="light"
            tt="none"
            leftSection={<IconTag size={14} aria-hidden />}
            rightSection={<CloseButton size="xs" onClick={onRemoveTag} aria-label={t('stream.remove_tag', { tag })} />}
            data-testid="tag-filter"
          >
            {tag}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}

import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LIMITS } from '@agora/contracts';
import { streamListQuery } from '../api.ts';

type StreamTargetSelectProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  label?: string;
  error?: string;
  size?: 'xs' | 'sm';
};

/**
 * The streams a post goes to: those the member may post to, grouped by category (network streams
 * first, under their own heading), sorted by name. Posts and appointments announced in streams use it.
 */
export function StreamTargetSelect({ value, onChange, label, error, size = 'xs' }: StreamTargetSelectProps) {
  const { t } = useTranslation('activities');
  const postable = useQuery(streamListQuery(true));
  const data = useMemo(
    () =>
      (postable.data?.categories ?? [])
        .map((entry) => ({
          group: entry.category?.name ?? t('composer.network_streams'),
          items: [...entry.streams]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((stream) => ({ value: stream.id, label: stream.name })),
        }))
        .filter((entry) => entry.items.length > 0),
    [postable.data, t],
  );
  return (
    <MultiSelect
      label={label ?? t('composer.targets')}
      data={data}
      value={value}
      onChange={onChange}
      maxValues={ACTIVITY_LIMITS.streamsMax}
      searchable
      size={size}
      miw={220}
      style={{ flex: 1 }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

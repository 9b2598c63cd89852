import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { URL_MAX_LENGTH } from '@agora/contracts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { appOptionsQuery, pageOptionsQuery } from '../api.ts';

type Source = 'url' | 'page' | 'app';

type LinkPickerProps = {
  value: string;
  onChange: (link: string) => void;
  groupSlug?: string;
  error?: string;
};

/** The item's link: a free address, or one of the network's pages or apps. */
export function LinkPicker({ value, onChange, groupSlug, error }: LinkPickerProps) {
  const { t } = useTranslation('navigation');
  const pages = useQuery(pageOptionsQuery(groupSlug));
  const apps = useQuery(appOptionsQuery(groupSlug));
  const pageOptions = (pages.data?.pages ?? []).map((p) => ({ value: p.path, label: p.title }));
  const appOptions = (apps.data?.apps ?? []).map((a) => ({ value: a.path, label: a.name }));
  const initial: Source = pageOptions.some((o) => o.value === value)
    ? 'page'
    : appOptions.some((o) => o.value === value)
      ? 'app'
      : 'url';
  const [source, setSource] = useState<Source>(initial);
  const options = source === 'page' ? pageOptions : appOptions;

  return (
    <Stack gap={6}>
      <SegmentedControl
        value={source}
        onChange={(next) => setSource(next as Source)}
        aria-label={t('editor.link_source')}
        data={[
          { value: 'url', label: t('editor.link_url') },
          { value: 'page', label: t('editor.link_page') },
          { value: 'app', label: t('editor.link_app') },
        ]}
      />
      {source === 'url' ? (
        <LimitedTextInput
          label={t('editor.link')}
          description={t('editor.link_hint')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          maxLength={URL_MAX_LENGTH}
          inputMode="url"
        />
      ) : options.length > 0 ? (
        <Select
          label={source === 'page' ? t('editor.link_page') : t('editor.link_app')}
          data={options}
          value={options.some((o) => o.value === value) ? value : null}
          onChange={(next) => onChange(next ?? '')}
          error={error}
          searchable
        />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {source === 'page' ? t('editor.no_pages') : t('editor.no_apps')}
        </Text>
      )}
    </Stack>
  );
}

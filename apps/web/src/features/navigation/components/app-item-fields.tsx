import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APP_NAVIGATION_LIMITS,
  APP_NAVIGATION_TYPES,
  isSameHostLink,
  TEXT_LIMITS,
  URL_MAX_LENGTH,
  type AppNavigationIcon,
  type AppNavigationOptions,
  type AppNavigationType,
} from '@agora/contracts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { pageOptionsQuery } from '../api.ts';
import { isValidLink } from '../app-rules.ts';
import { IconSelect } from './icon-select.tsx';

export type EntryLike = {
  label: string;
  type: AppNavigationType;
  icon: AppNavigationIcon;
  options: AppNavigationOptions;
};

type FieldsProps = {
  entry: EntryLike;
  /** Screens of the app already placed elsewhere: offered, but not selectable. */
  used: Set<string>;
  /** The more menu cannot hold another more menu. */
  allowMore: boolean;
  host: string;
  onLabel: (label: string) => void;
  onType: (type: AppNavigationType) => void;
  onIcon: (icon: AppNavigationIcon) => void;
  onUrl: (url: string) => void;
  onOptions: (options: AppNavigationOptions) => void;
};

/** Label, type, icon and the options of the type: an item of the bar or of the more menu. */
export function AppItemFields(props: FieldsProps) {
  const { t } = useTranslation('navigation');
  const { entry } = props;
  const pages = useQuery(pageOptionsQuery());
  const sameHost = entry.type === 'link' && isSameHostLink(entry.options.url, props.host);
  const urlInvalid = entry.type === 'link' && !!entry.options.url && !isValidLink(entry.options.url);
  const types = APP_NAVIGATION_TYPES.filter((type) => props.allowMore || type !== 'more').map((type) => ({
    value: type,
    label: t(`app.types.${type}`),
    disabled: props.used.has(type) && type !== entry.type,
  }));
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <LimitedTextInput
          label={t('app.label')}
          value={entry.label}
          maxLength={APP_NAVIGATION_LIMITS.label}
          required
          onChange={(event) => props.onLabel(event.currentTarget.value)}
          error={entry.label.trim() ? undefined : t('errors.required')}
        />
        <Select
          label={t('app.type')}
          value={entry.type}
          data={types}
          allowDeselect={false}
          onChange={(next) => next && props.onType(next as AppNavigationType)}
          comboboxProps={{ withinPortal: true }}
        />
        <IconSelect label={t('app.icon')} value={entry.icon} onChange={props.onIcon} />
      </SimpleGrid>
      {entry.type === 'link' && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <LimitedTextInput
            label={t('app.url')}
            value={entry.options.url ?? ''}
            maxLength={URL_MAX_LENGTH}
            required
            inputMode="url"
            placeholder="https://"
            onChange={(event) => props.onUrl(event.currentTarget.value)}
            error={urlInvalid ? t('errors.invalid_url') : entry.options.url ? undefined : t('errors.required')}
            style={{ flex: '1 1 16rem' }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('app.open_in')}
            </Text>
            <SegmentedControl
              value={sameHost ? 'webview' : (entry.options.open_in ?? 'webview')}
              onChange={(value) => props.onOptions({ ...entry.options, open_in: value as 'webview' | 'browser' })}
              aria-label={t('app.open_in')}
              data={[
                { value: 'webview', label: t('app.webview') },
                { value: 'browser', label: t('app.browser'), disabled: sameHost },
              ]}
            />
            {sameHost && (
              <Text size="xs" c="dimmed">
                {t('app.same_host')}
              </Text>
            )}
          </Stack>
        </Group>
      )}
      {entry.type === 'page' &&
        ((pages.data?.pages.length ?? 0) > 0 ? (
          <Select
            label={t('app.page')}
            required
            data={(pages.data?.pages ?? []).map((p) => ({ value: p.id, label: p.title }))}
            value={entry.options.page ?? null}
            onChange={(page) => props.onOptions({ ...entry.options, page })}
          />
        ) : (
          <Text size="sm" c="red.8" role="status">
            {t('app.no_pages')}
          </Text>
        ))}
      {entry.type === 'activitystream' && (
        <LimitedTextInput
          label={t('app.activitystream')}
          maxLength={TEXT_LIMITS.line}
          description={t('app.activitystream_hint')}
          required
          value={entry.options.activitystream ?? ''}
          onChange={(event) => props.onOptions({ ...entry.options, activitystream: event.currentTarget.value })}
          error={entry.options.activitystream ? undefined : t('errors.required')}
        />
      )}
    </Stack>
  );
}

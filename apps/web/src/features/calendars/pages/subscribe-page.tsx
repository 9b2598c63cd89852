import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CALENDAR_FEEDS, calendarFeedPath, type CalendarFeed } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { calendarContextQuery, calendarsQuery } from '../api.ts';
import { copyWithToast } from '../copy-text.ts';

/** The addresses of a feed: webcal:// for calendar programs, and the same over http(s) to download. */
export function feedUrls(path: string, token: string, origin: string = window.location.origin) {
  const url = new URL(origin);
  const query = `?auth_token=${encodeURIComponent(token)}`;
  return { webcal: `webcal://${url.host}${path}${query}`, download: `${url.origin}${path}${query}` };
}

/** The webcal feeds of the member's appointments (calendars spec, section 2). */
export function SubscribePage() {
  const { t } = useTranslation('calendars');
  usePageTitle(t('subscribe.title'));
  const context = useQuery(calendarContextQuery());
  const token = context.data?.member.authentication_token ?? null;

  return (
    <PageContainer size="md">
      <PageToolbar title={t('subscribe.title')} backTo="/appointments" />
      {context.isPending && <LoadingRow />}
      {context.isError && <ErrorRow error={context.error} onRetry={() => void context.refetch()} />}
      {context.data && !token && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconKey size={18} aria-hidden />}
          title={t('subscribe.no_token_title')}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('subscribe.no_token')}</Text>
            <Button component={Link} to="/users/edit" size="sm">
              {t('subscribe.to_account')}
            </Button>
          </Stack>
        </Alert>
      )}
      {token && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('subscribe.intro')}
          </Text>
          {CALENDAR_FEEDS.filter((feed) => feed !== 'calendar').map((feed) => (
            <FeedRow key={feed} feed={feed} path={calendarFeedPath(feed)} token={token} />
          ))}
          <OneCalendarFeed token={token} />
          <Text size="sm" c="dimmed">
            {t('subscribe.token_hint')}{' '}
            <Anchor component={Link} to="/users/edit" size="sm" underline="always">
              {t('subscribe.manage_token')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </PageContainer>
  );
}

function FeedRow({ feed, path, token }: { feed: CalendarFeed; path: string; token: string }) {
  const { t } = useTranslation('calendars');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t(`subscribe.feeds.${feed}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`subscribe.feeds.${feed}.description`)}
        </Text>
        <FeedUrl label={t(`subscribe.feeds.${feed}.title`)} path={path} token={token} />
      </Stack>
    </Paper>
  );
}

function OneCalendarFeed({ token }: { token: string }) {
  const { t } = useTranslation('calendars');
  const calendars = useQuery(calendarsQuery());
  const [calendarId, setCalendarId] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t('subscribe.feeds.calendar.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('subscribe.feeds.calendar.description')}
        </Text>
        {calendars.isError && <ErrorRow error={calendars.error} onRetry={() => void calendars.refetch()} />}
        <Select
          label={t('subscribe.choose_calendar')}
          placeholder={t('subscribe.choose_calendar_placeholder')}
          data={(calendars.data?.calendars ?? []).map((calendar) => ({ value: calendar.id, label: calendar.name }))}
          value={calendarId}
          onChange={setCalendarId}
          searchable
          disabled={calendars.isPending}
          nothingFoundMessage={t('subscribe.no_calendar_found')}
          maw={420}
        />
        {calendarId && (
          <FeedUrl
            label={t('subscribe.feeds.calendar.title')}
            path={calendarFeedPath('calendar', calendarId)}
            token={token}
          />
        )}
      </Stack>
    </Paper>
  );
}

function FeedUrl({ label, path, token }: { label: string; path: string; token: string }) {
  const { t } = useTranslation('calendars');
  const urls = feedUrls(path, token);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        readOnly
        value={urls.webcal}
        aria-label={t('subscribe.url_of', { feed: label })}
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        styles={{
          input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
        }}
      />
      <Tooltip label={t('subscribe.copy')}>
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t('subscribe.copy_named', { feed: label })}
          onClick={() => void copyWithToast(urls.webcal, 'calendars:url_copied')}
        >
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('subscribe.download')}>
        <ActionIcon
          component="a"
          href={urls.download}
          download
          variant="default"
          size="input-sm"
          aria-label={t('subscribe.download_named', { feed: label })}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

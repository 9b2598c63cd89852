import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarPlus, IconPencil, IconShareOff, IconTrash } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Calendar, CalendarContext } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { calendarContextQuery, calendarsQuery, useDeleteCalendar, useRemoveCalendarShare } from '../api.ts';
import { calendarSections } from '../calendar-sections.ts';
import { CalendarDot } from '../components/calendar-dot.tsx';
import { useSectionTitle } from '../overview/calendar-filter.tsx';

/** Where "new calendar" buttons lead, as far as the context allows each kind. */
export function newCalendarLinks(context: CalendarContext | undefined, groupSlug: string | undefined) {
  const links: Array<{ key: string; to: string }> = [];
  if (!context) return links;
  if (groupSlug) {
    if (context.group?.can.create_calendars) {
      links.push({ key: 'group', to: `/groups/${encodeURIComponent(groupSlug)}/calendars/new` });
    }
    return links;
  }
  if (context.network.can.create_calendars) links.push({ key: 'network', to: '/calendars/new?type=network' });
  if (context.member.can.create_personal_calendars) links.push({ key: 'personal', to: '/calendars/new?type=personal' });
  return links;
}

/** The calendars the member may read, with edit, delete and remove-share (calendars spec, section 2). */
export function ManagePage() {
  const { t } = useTranslation('calendars');
  const { groupSlug } = useParams();
  const calendars = useQuery(calendarsQuery(groupSlug));
  const context = useQuery(calendarContextQuery(groupSlug));
  const sectionTitle = useSectionTitle();
  const idPrefix = useId();
  const sections = useMemo(() => calendarSections(calendars.data?.calendars ?? []), [calendars.data]);
  const groupName = context.data?.group?.name;
  const title = groupName ? t('manage.title_group', { group: groupName }) : t('manage.title');
  usePageTitle(title);
  const backTo = groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/calendars` : '/appointments';

  const links = newCalendarLinks(context.data, groupSlug);
  const actions = links.map((link) => (
    <Button key={link.key} component={Link} to={link.to} leftSection={<IconCalendarPlus size={16} aria-hidden />}>
      {t(`manage.new.${link.key}`)}
    </Button>
  ));

  return (
    <PageContainer size="md">
      <PageToolbar title={title} backTo={backTo} actions={actions.length > 0 ? actions : undefined} />
      {calendars.isPending && <LoadingRow />}
      {calendars.isError && <ErrorRow error={calendars.error} onRetry={() => void calendars.refetch()} />}
      {calendars.data && sections.length === 0 && (
        <EmptyState title={t('manage.empty')} text={t('manage.empty_text')} />
      )}
      <Stack gap="lg">
        {sections.map((section, index) => (
          <section key={section.key} aria-labelledby={`${idPrefix}-${index}`}>
            <Title order={2} fz="h5" mb="xs" id={`${idPrefix}-${index}`}>
              {sectionTitle(section)}
            </Title>
            <Paper withBorder radius="md">
              <Stack gap={0}>
                {section.calendars.map((calendar, index) => (
                  <CalendarRow key={calendar.id} calendar={calendar} first={index === 0} />
                ))}
              </Stack>
            </Paper>
          </section>
        ))}
      </Stack>
    </PageContainer>
  );
}

function CalendarRow({ calendar, first }: { calendar: Calendar; first: boolean }) {
  const { t } = useTranslation('calendars');
  const destroy = useDeleteCalendar();
  const removeShare = useRemoveCalendarShare();

  const askDelete = async () => {
    const ok = await confirm({
      title: t('manage.delete_title'),
      message: t('manage.delete_confirm', { name: calendar.name }),
      confirmLabel: t('manage.delete'),
      danger: true,
    });
    if (!ok) return;
    destroy.mutate(calendar.id, {
      onSuccess: () => showToast('deleting_successful'),
      onError: () => showToast('deleting_failure'),
    });
  };
  const askRemoveShare = async () => {
    const ok = await confirm({
      title: t('manage.remove_share_title'),
      message: t('manage.remove_share_confirm', { name: calendar.name, owner: calendar.author?.name ?? '' }),
      confirmLabel: t('manage.remove_share'),
      danger: true,
    });
    if (!ok) return;
    removeShare.mutate(calendar.id, {
      onSuccess: () => showToast('calendars:manage.share_removed', { kind: 'success' }),
      onError: () => showToast('generic_error', { kind: 'error' }),
    });
  };

  const owner = calendar.type === 'shared' && calendar.author ? calendar.author.name : null;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px="md"
      py="sm"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="calendar-row"
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <CalendarDot color={calendar.color} size={14} />
        <Stack gap={2} miw={0}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {calendar.name}
          </Text>
          <Group gap={6}>
            <Badge size="sm" variant="light" color="gray">
              {t(`types.${calendar.type}`)}
            </Badge>
            {calendar.group && calendar.type === 'group' && (
              <Text size="xs" c="dimmed">
                {calendar.group.name}
              </Text>
            )}
            {owner && (
              <Text size="xs" c="dimmed">
                {t('manage.shared_by', { name: owner })}
              </Text>
            )}
            {calendar.type === 'personal' && calendar.memberships.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('manage.shared_with', { count: calendar.memberships.length })}
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap">
        {calendar.can.update && (
          <Tooltip label={t('manage.edit')}>
            <ActionIcon
              component={Link}
              to={`/calendars/${calendar.id}/edit`}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('manage.edit_named', { name: calendar.name })}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {calendar.can.destroy && (
          <Tooltip label={t('manage.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              loading={destroy.isPending}
              aria-label={t('manage.delete_named', { name: calendar.name })}
              onClick={() => void askDelete()}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {calendar.type === 'shared' && (
          <Tooltip label={t('manage.remove_share')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              loading={removeShare.isPending}
              aria-label={t('manage.remove_share_named', { name: calendar.name })}
              onClick={() => void askRemoveShare()}
            >
              <IconShareOff size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}

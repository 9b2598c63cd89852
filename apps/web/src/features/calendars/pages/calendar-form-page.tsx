import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  ID_PATTERN,
  randomCalendarColor,
  type Calendar,
  type CalendarContext,
  type StoredCalendarType,
} from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { calendarContextQuery, calendarQuery } from '../api.ts';
import { CalendarForm, managePath, type CalendarFormValues } from '../components/calendar-form.tsx';

/**
 * The kinds of calendar the member may create here: in a group only the group's; elsewhere a
 * network calendar (network admins), a personal one (members), or a group calendar when the link
 * names the group (its rights are the server's to check).
 */
export function creatableTypes(
  context: CalendarContext | undefined,
  inGroup: boolean,
  requested: { type: string | null; parentId: string | null },
): StoredCalendarType[] {
  if (!context) return [];
  if (inGroup) return context.group?.can.create_calendars ? ['group'] : [];
  const types: StoredCalendarType[] = [];
  if (context.network.can.create_calendars) types.push('network');
  if (context.member.can.create_personal_calendars) types.push('personal');
  if (requested.type === 'group' && requested.parentId) types.push('group');
  return types;
}

/** /calendars/new?type=&parent_id= and /groups/{slug}/calendars/new. */
export function NewCalendarPage() {
  const { t } = useTranslation('calendars');
  usePageTitle(t('form.new_title'));
  const { groupSlug } = useParams();
  const [search] = useSearchParams();
  const context = useQuery(calendarContextQuery(groupSlug));
  const requestedType = search.get('type');
  const requestedParent = search.get('parent_id');
  const parentFromQuery = requestedParent && ID_PATTERN.test(requestedParent) ? requestedParent : null;
  const types = creatableTypes(context.data, !!groupSlug, { type: requestedType, parentId: parentFromQuery });
  const [color] = useState(() => randomCalendarColor());

  if (context.isPending) return <Frame title={t('form.new_title')} groupSlug={groupSlug} loading />;
  if (context.isError) {
    return (
      <Frame title={t('form.new_title')} groupSlug={groupSlug}>
        <ErrorRow error={context.error} onRetry={() => void context.refetch()} />
      </Frame>
    );
  }
  if (types.length === 0) {
    return (
      <Frame title={t('form.new_title')} groupSlug={groupSlug}>
        <Alert color="gray" variant="light">
          {t('form.not_allowed')}
        </Alert>
      </Frame>
    );
  }
  const type = types.includes(requestedType as StoredCalendarType) ? (requestedType as StoredCalendarType) : types[0]!;
  const initial: CalendarFormValues = {
    name: '',
    color,
    type,
    parentId: groupSlug ? (context.data.group?.id ?? null) : type === 'group' ? parentFromQuery : null,
    members: [],
  };
  return (
    <Frame title={t('form.new_title')} groupSlug={groupSlug}>
      <CalendarForm initial={initial} types={types} groupSlug={groupSlug} />
    </Frame>
  );
}

/** /calendars/{id}/edit: the type and the group stay as they are. */
export function EditCalendarPage() {
  const { t } = useTranslation('calendars');
  usePageTitle(t('form.edit_title'));
  const { calendarId = '' } = useParams();
  const calendar = useQuery(calendarQuery(calendarId));
  if (calendar.isPending) return <Frame title={t('form.edit_title')} loading />;
  if (calendar.isError) {
    return (
      <Frame title={t('form.edit_title')}>
        <ErrorRow error={calendar.error} kind="calendar" onRetry={() => void calendar.refetch()} />
      </Frame>
    );
  }
  const data = calendar.data;
  if (!data.can.update || data.type === 'shared') {
    return (
      <Frame title={t('form.edit_title')}>
        <Alert color="gray" variant="light">
          {t('form.edit_not_allowed')}
        </Alert>
      </Frame>
    );
  }
  return (
    <Frame title={t('form.edit_title')}>
      <CalendarForm key={data.id} calendar={data} initial={valuesOf(data)} types={[data.type]} />
    </Frame>
  );
}

function valuesOf(calendar: Calendar): CalendarFormValues {
  return {
    name: calendar.name,
    color: calendar.color,
    type: calendar.type === 'shared' ? 'personal' : calendar.type,
    parentId: calendar.parent_id,
    members: calendar.memberships.map((member) => ({
      id: member.id,
      displayName: member.name,
      images: { small: null },
      is_external: false,
    })),
  };
}

function Frame({
  title,
  groupSlug,
  loading,
  children,
}: {
  title: string;
  groupSlug?: string;
  loading?: boolean;
  children?: ReactNode;
}) {
  return (
    <PageContainer size="sm">
      <PageToolbar title={title} backTo={managePath(groupSlug)} />
      {loading ? <LoadingRow /> : children}
    </PageContainer>
  );
}

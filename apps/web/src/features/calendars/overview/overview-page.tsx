import { ActionIcon, Alert, Button, Group, Loader, Menu, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarCog, IconCalendarOff, IconDotsVertical, IconLink, IconPlus, IconRss } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { packCalendarIds, type AppointmentListItem } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { todayIsoDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { appointmentMonthQuery, calendarContextQuery, calendarsQuery } from '../api.ts';
import { copyWithToast } from '../copy-text.ts';
import { AppointmentPopup } from './appointment-popup.tsx';
import { CalendarFilter } from './calendar-filter.tsx';
import { EarlierToggle } from './earlier-toggle.tsx';
import { appointmentsBefore, listRange } from './list-start.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { OverviewToolbar } from './overview-toolbar.tsx';
import {
  CALENDAR_IDS_PARAM,
  defaultSelection,
  monthStart,
  NARROW_QUERY,
  readStoredDate,
  readStoredView,
  sameIds,
  searchWithSelection,
  selectionFromSearch,
  storeDate,
  storeView,
  type CalendarView,
  type OverviewMode,
} from './overview-state.ts';

export function AppointmentsOverviewPage() {
  return <OverviewPage mode="all" />;
}

export function ParticipatingOverviewPage() {
  return <OverviewPage mode="participating" />;
}

export function MyCalendarsOverviewPage() {
  return <OverviewPage mode="my" />;
}

export function SharedCalendarsOverviewPage() {
  return <OverviewPage mode="shared" />;
}

/** One empty list for every render without appointments: the memoised sheet keeps it as it is. */
const NO_APPOINTMENTS: AppointmentListItem[] = [];

/** The calendar overview: a month as a sheet or a list, with its toolbar (calendars spec, section 2). */
export function OverviewPage({ mode }: { mode: OverviewMode }) {
  const { t } = useTranslation('calendars');
  const { groupSlug } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const calendars = useQuery(calendarsQuery(groupSlug));
  const context = useQuery(calendarContextQuery(groupSlug));
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });

  const [chosenView, setChosenView] = useState<CalendarView>(() => readStoredView());
  const [date, setDate] = useState(() => readStoredDate(todayIsoDate()));
  const view: CalendarView = narrow ? 'list' : chosenView;
  // The list of the current month starts at today until the member asks for the earlier days.
  const [showEarlier, setShowEarlier] = useState(false);
  const today = todayIsoDate();
  const range = useMemo(() => listRange(date, today, showEarlier), [date, today, showEarlier]);
  const startsToday = listRange(date, today, false).cut;
  const [opened, setOpened] = useState<AppointmentListItem | null>(null);

  const available = calendars.data?.calendars;
  const availableIds = useMemo(() => (available ?? []).map((calendar) => calendar.id), [available]);
  const urlSelection = selectionFromSearch(search);
  const defaults = defaultSelection(mode, !!groupSlug, available);
  const selected = urlSelection ?? defaults;
  // The ticks of the filter: the selection, or every calendar when the page shows all.
  const ticked = useMemo(() => {
    if (selected === undefined) return [];
    if (selected === null) return availableIds;
    if (!available) return selected;
    const known = new Set(availableIds);
    return selected.filter((id) => known.has(id));
  }, [selected, available, availableIds]);
  // The URL may name calendars the member cannot read (a link from someone else): they are
  // left out once the list is known.
  const ready = selected === null || (selected !== undefined && calendars.isSuccess);
  const calendarIds = selected === null ? null : ticked;
  const month = useQuery({
    ...appointmentMonthQuery({
      date: monthStart(date),
      view,
      calendarIds,
      participating: mode === 'participating',
    }),
    enabled: ready && (calendarIds === null || calendarIds.length > 0),
  });
  const noneSelected = ready && calendarIds !== null && calendarIds.length === 0;
  const appointments = noneSelected ? NO_APPOINTMENTS : (month.data?.appointments ?? NO_APPOINTMENTS);

  const groupName = context.data?.group?.name;
  const title = groupSlug
    ? groupName
      ? t('overview.title_group', { group: groupName })
      : t('overview.title.all')
    : t(`overview.title.${mode}`);
  usePageTitle(title);

  const canCreate = groupSlug
    ? !!context.data?.group?.can.create_appointments
    : !!context.data?.network.can.create_appointments;
  // The calendar "in focus": the only one ticked, when appointments may be made in it.
  const focused =
    ticked.length === 1
      ? available?.find((calendar) => calendar.id === ticked[0] && calendar.can.create_appointments)
      : undefined;
  const newAppointmentPath = useCallback(
    (day?: string) => {
      const query = new URLSearchParams();
      if (day) query.set('date', day);
      if (focused) query.set('calendar_id', focused.id);
      const text = query.toString();
      return `/appointments/new${text ? `?${text}` : ''}`;
    },
    [focused],
  );
  const onDayDoubleClick = useCallback(
    (day: string) => void navigate(newAppointmentPath(day)),
    [navigate, newAppointmentPath],
  );

  const changeDate = (next: string) => {
    setDate(next);
    storeDate(next);
    setShowEarlier(false);
  };
  const changeView = (next: CalendarView) => {
    setChosenView(next);
    storeView(next);
  };
  const changeSelection = (ids: string[]) => {
    const fallback = defaults === null ? availableIds : (defaults ?? []);
    const next = sameIds(ids, fallback) ? null : ids;
    setSearch(searchWithSelection(search, next), { replace: true });
  };
  const copyUrl = () => {
    const query = new URLSearchParams(search);
    if (selected === null) query.delete(CALENDAR_IDS_PARAM);
    else query.set(CALENDAR_IDS_PARAM, packCalendarIds(ticked));
    const text = query.toString();
    void copyWithToast(
      `${window.location.origin}${location.pathname}${text ? `?${text}` : ''}`,
      'calendars:url_copied',
    );
  };
  const managePath = groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/calendars/manage` : '/calendars/manage';

  const actions = (
    <>
      {canCreate && (
        <Button component={Link} to={newAppointmentPath()} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('overview.add')}
        </Button>
      )}
      {/* Wide screens show manage, subscribe and copy as buttons; phones keep them in a menu. */}
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        <Tooltip label={t('overview.manage')}>
          <ActionIcon
            component={Link}
            to={managePath}
            variant="default"
            size="input-sm"
            aria-label={t('overview.manage')}
          >
            <IconCalendarCog size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('overview.subscribe')}>
          <ActionIcon
            component={Link}
            to="/calendars/subscribe"
            variant="default"
            size="input-sm"
            aria-label={t('overview.subscribe')}
          >
            <IconRss size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('overview.copy_url')}>
          <ActionIcon variant="default" size="input-sm" aria-label={t('overview.copy_url')} onClick={copyUrl}>
            <IconLink size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="input-sm" aria-label={t('overview.more_actions')} hiddenFrom="sm">
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={managePath} leftSection={<IconCalendarCog size={16} aria-hidden />}>
            {t('overview.manage')}
          </Menu.Item>
          <Menu.Item component={Link} to="/calendars/subscribe" leftSection={<IconRss size={16} aria-hidden />}>
            {t('overview.subscribe')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={copyUrl}>
            {t('overview.copy_url')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );

  const empty = ready && !month.isPending && !month.isError && appointments.length === 0;

  return (
    <PageContainer size="xl">
      <PageToolbar title={title} actions={actions} />
      <OverviewToolbar
        date={date}
        onDateChange={changeDate}
        onToday={() => changeDate(today)}
        view={view}
        onViewChange={changeView}
        viewForced={narrow}
        filter={
          <CalendarFilter
            calendars={available ?? []}
            selected={ticked}
            onChange={changeSelection}
            loading={calendars.isPending}
          />
        }
      />
      {calendars.isError && <ErrorRow error={calendars.error} onRetry={() => void calendars.refetch()} />}
      {month.isError && <ErrorRow error={month.error} onRetry={() => void month.refetch()} />}
      {/* The sheet shows its empty weeks while the month loads, with the small indicator over
          them rather than a row above them: nothing moves when the appointments come. */}
      {view === 'list' && ready && month.isPending && !noneSelected && <LoadingRow />}
      {month.isFetching && (view === 'sheet' || !month.isPending) && (
        <Group
          justify="flex-end"
          h={0}
          style={{ overflow: 'visible' }}
          role="status"
          aria-label={t('overview.loading')}
        >
          <Loader size="xs" aria-hidden />
        </Group>
      )}
      {month.data?.truncated && (
        <Alert color="yellow" variant="light" mb="sm">
          {t('overview.truncated', { count: month.data.appointments.length })}
        </Alert>
      )}
      {view === 'sheet' && noneSelected && (
        <Alert color="gray" variant="light" mb="sm" title={t('overview.none_selected')}>
          {t('overview.none_selected_text')}
        </Alert>
      )}
      {view === 'list' && empty ? (
        <EmptyState
          icon={<IconCalendarOff size={28} aria-hidden />}
          title={noneSelected ? t('overview.none_selected') : t('overview.empty')}
          text={noneSelected ? t('overview.none_selected_text') : t('overview.empty_text')}
          action={
            canCreate && !noneSelected ? (
              <Button component={Link} to={newAppointmentPath()} variant="light">
                {t('overview.add')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          {view === 'list' && startsToday && !month.isPending && (
            <EarlierToggle
              shown={showEarlier}
              count={appointmentsBefore(appointments, today)}
              onChange={setShowEarlier}
            />
          )}
          <MonthCalendar
            date={date}
            view={view}
            listRange={range}
            appointments={appointments}
            onOpen={setOpened}
            onDayDoubleClick={canCreate ? onDayDoubleClick : undefined}
          />
        </>
      )}
      <AppointmentPopup item={opened} onClose={() => setOpened(null)} />
    </PageContainer>
  );
}

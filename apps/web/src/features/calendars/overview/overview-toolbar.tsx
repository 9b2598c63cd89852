import { ActionIcon, Button, Group, SegmentedControl, Select, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarMonth, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS } from '@agora/contracts';
import { dayjsLocale } from '../../../ui/dayjs-locale.ts';
import { CALENDAR_VIEWS, monthStart, type CalendarView } from './overview-state.ts';

type OverviewToolbarProps = {
  date: string;
  onDateChange: (date: string) => void;
  onToday: () => void;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  /** Below 768 px only the list is shown. */
  viewForced: boolean;
  /** The calendar filter. */
  filter: ReactNode;
};

/** Today, the previous and next month, the month picker, the filter and the view switch. */
export function OverviewToolbar({
  date,
  onDateChange,
  onToday,
  view,
  onViewChange,
  viewForced,
  filter,
}: OverviewToolbarProps) {
  const { t, i18n } = useTranslation('calendars');
  return (
    <Group justify="space-between" gap="xs" mb="sm" wrap="wrap" data-testid="overview-toolbar">
      <Group gap={6} wrap="wrap">
        <Button variant="default" onClick={onToday}>
          {t('overview.today')}
        </Button>
        <Tooltip label={t('overview.previous_month')}>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={t('overview.previous_month')}
            onClick={() => onDateChange(monthStart(date, -1))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('overview.next_month')}>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={t('overview.next_month')}
            onClick={() => onDateChange(monthStart(date, 1))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {/* Named by the month it shows ("November 2026"), the title says what it is for. */}
        <MonthPickerInput
          title={t('overview.month')}
          value={monthStart(date)}
          onChange={(value) => value && onDateChange(value)}
          valueFormat="MMMM YYYY"
          locale={dayjsLocale(i18n.language)}
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
          w={{ base: 170, xs: 190 }}
          styles={{ input: { fontWeight: 600 } }}
          ariaLabels={{
            previousYear: t('overview.previous_year'),
            nextYear: t('overview.next_year'),
            previousDecade: t('overview.previous_decade'),
            nextDecade: t('overview.next_decade'),
            yearLevelControl: t('overview.choose_year'),
          }}
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {filter}
        <ViewSwitch value={view} onChange={onViewChange} forced={viewForced} />
      </Group>
    </Group>
  );
}

/** A button group above 640 px, a select below (calendars spec, section 2). */
function ViewSwitch({
  value,
  onChange,
  forced,
}: {
  value: CalendarView;
  onChange: (view: CalendarView) => void;
  forced: boolean;
}) {
  const { t } = useTranslation('calendars');
  const wide = useMediaQuery(`(min-width: ${APPOINTMENT_LIMITS.buttonGroupBreakpointPx}px)`, true, {
    getInitialValueInEffect: false,
  });
  const data = CALENDAR_VIEWS.map((view) => ({ value: view, label: t(`overview.views.${view}`) }));
  const change = (next: string | null) => {
    if (next === 'sheet' || next === 'list') onChange(next);
  };
  const hint = forced ? t('overview.list_forced') : undefined;
  if (wide) {
    return (
      <Tooltip label={hint} disabled={!forced}>
        <SegmentedControl
          data={data}
          value={value}
          onChange={change}
          disabled={forced}
          aria-label={t('overview.view')}
        />
      </Tooltip>
    );
  }
  return (
    <Select
      data={data}
      value={value}
      onChange={change}
      disabled={forced}
      allowDeselect={false}
      aria-label={t('overview.view')}
      title={hint}
      w={110}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

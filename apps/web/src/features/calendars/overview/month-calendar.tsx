import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import type {
  DayCellMountArg,
  EventClickArg,
  EventContentArg,
  EventInput,
  MoreLinkContentArg,
  MoreLinkMountArg,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import { addDays, format, parseISO } from 'date-fns';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS, contrastText, type AppointmentListItem } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { intlLocale } from '../../../ui/intl-locale.ts';
import { calendarColor } from '../calendar-sections.ts';
import { EventContent } from './event-content.tsx';
import { appointmentPath } from './list-item.ts';
import type { ListRange } from './list-start.ts';
import classes from './month-calendar.module.css';
import type { CalendarView } from './overview-state.ts';
import { useKeepPopoverInView } from './popover-in-view.ts';

// The list is FullCalendar's plain list over the days of `listRange` (from today in the
// current month); the sheet is always the whole month.
const FC_VIEWS: Record<CalendarView, string> = { sheet: 'dayGridMonth', list: 'list' };
const LOCALES = [deLocale, esLocale, frLocale];
const PLUGINS = [dayGridPlugin, listPlugin];
const EVENT_TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const LIST_DAY_FORMAT = { weekday: 'long' } as const;

// FullCalendar refines its options and draws the whole month again whenever one of them is a new
// object or function: the options below are made once, the others kept with useMemo/useCallback.
const eventContent = (arg: EventContentArg) => <EventContent arg={arg} />;
/** dd.MM.y in every language (the locale's own order would say 11/28/2026 in English). */
const dayFormat = (arg: { date: { year: number; month: number; day: number } }) =>
  formatDate(new Date(arg.date.year, arg.date.month, arg.date.day));
// FullCalendar's "+N more" is an <a> without href that opens a popover: a button to assistive
// technology, which aria-expanded needs.
const moreLinkDidMount = (arg: MoreLinkMountArg) => arg.el.setAttribute('role', 'button');
// A day cell is labelled by its date alone while it shows appointments too, which axe-core
// counts as a name that hides the visible text: the cell is named by its content instead (the
// day number link keeps the long date).
const dayCellDidMount = (arg: DayCellMountArg) => arg.el.removeAttribute('aria-labelledby');

/** An appointment as FullCalendar takes it: all-day ends are exclusive there, inclusive in the API. */
export function toCalendarEvent(item: AppointmentListItem): EventInput {
  const color = calendarColor(item.color);
  const { start, end, all_day: allDay } = item.date;
  let eventEnd: string | undefined;
  if (allDay) eventEnd = end ? format(addDays(parseISO(end.slice(0, 10)), 1), 'yyyy-MM-dd') : undefined;
  else eventEnd = end ?? undefined;
  return {
    id: item.id,
    title: item.name,
    start: allDay ? start.slice(0, 10) : start,
    end: eventEnd,
    allDay,
    url: appointmentPath(item),
    backgroundColor: color,
    borderColor: color,
    textColor: contrastText(color),
    classNames: item.canceled ? [classes.canceled!] : [],
    extendedProps: { item },
  };
}

type MonthCalendarProps = {
  /** A day of the month shown (YYYY-MM-DD). */
  date: string;
  view: CalendarView;
  /** The days the list shows (the sheet ignores them). */
  listRange: ListRange;
  appointments: AppointmentListItem[];
  onOpen: (item: AppointmentListItem) => void;
  /** A double-click on a day of the sheet (only where the member may create appointments). */
  onDayDoubleClick?: (date: string) => void;
};

/**
 * Whether the page has been painted once. FullCalendar draws the whole month synchronously as it
 * mounts, a long task: the page around it (the shell, the title, the toolbar) is painted first.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The task after the next frame: the frame paints the page before FullCalendar starts.
    const afterFrame = () => (timer = setTimeout(() => setPainted(true)));
    if (typeof requestAnimationFrame !== 'function') {
      afterFrame();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(afterFrame);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The month sheet or the month's list, drawn by FullCalendar without its own toolbar. Memoised:
 * the page renders again for each of its queries, FullCalendar only when its own props change.
 */
export const MonthCalendar = memo(function MonthCalendar({
  date,
  view,
  listRange,
  appointments,
  onOpen,
  onDayDoubleClick,
}: MonthCalendarProps) {
  const { t, i18n } = useTranslation('calendars');
  const ref = useRef<FullCalendar>(null);
  const container = useRef<HTMLDivElement>(null);
  const fcView = FC_VIEWS[view];
  const events = useMemo(() => appointments.map(toCalendarEvent), [appointments]);
  const { start, end, cut } = listRange;
  const visibleRange = useMemo(() => ({ start, end }), [start, end]);
  useKeepPopoverInView(container);
  const painted = usePaintedOnce();
  // What FullCalendar was created with (initialView, initialDate) needs no change after mounting.
  const shown = useRef({ date, fcView });

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api || (shown.current.date === date && shown.current.fcView === fcView)) return;
    shown.current = { date, fcView };
    // FullCalendar renders synchronously inside these calls; doing it after React's commit keeps
    // it out of React's own rendering.
    const timer = setTimeout(() => {
      if (api.view.type !== fcView) api.changeView(fcView, date);
      else api.gotoDate(date);
    });
    return () => clearTimeout(timer);
  }, [date, fcView, painted]);

  const handleClick = useCallback(
    (info: EventClickArg) => {
      const item = info.event.extendedProps['item'] as AppointmentListItem;
      const event = info.jsEvent;
      // The event is a link; FullCalendar would follow it itself: the popup opens instead, and a
      // click with Ctrl/Cmd/Shift opens the detail page in a new tab as links do.
      event.preventDefault();
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        window.open(appointmentPath(item), '_blank', 'noopener');
        return;
      }
      onOpen(item);
    },
    [onOpen],
  );
  const moreLinkContent = useCallback((arg: MoreLinkContentArg) => t('overview.more_link', { count: arg.num }), [t]);
  const moreLinkHint = useCallback((count: number) => t('overview.more_hint', { count }), [t]);
  const noEventsContent = useCallback(() => (cut ? t('overview.no_more') : t('overview.empty')), [t, cut]);

  const handleDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!onDayDoubleClick || view !== 'sheet') return;
    const target = event.target as Element;
    if (target.closest('.fc-event, .fc-daygrid-more-link, .fc-popover')) return;
    const cell = target.closest<HTMLElement>('.fc-daygrid-day[data-date]');
    const day = cell?.dataset['date'];
    if (day) onDayDoubleClick(day);
  };

  return (
    <div
      ref={container}
      className={classes.calendar}
      onDoubleClick={handleDoubleClick}
      data-testid="month-calendar"
      data-view={view}
    >
      {/* Until then the sheet's place is kept, so that nothing moves as it is drawn. */}
      {!painted && <div className={view === 'sheet' ? classes.sheetPlaceholder : undefined} />}
      {painted && (
        <FullCalendar
          ref={ref}
          plugins={PLUGINS}
          initialView={fcView}
          initialDate={date}
          visibleRange={visibleRange}
          headerToolbar={false}
          locales={LOCALES}
          locale={intlLocale(i18n.language)}
          firstDay={1}
          height="auto"
          fixedWeekCount
          dayMaxEvents={APPOINTMENT_LIMITS.dayCellMinAppointments}
          events={events}
          eventClick={handleClick}
          eventContent={eventContent}
          eventTimeFormat={EVENT_TIME_FORMAT}
          displayEventEnd={false}
          listDayFormat={LIST_DAY_FORMAT}
          listDaySideFormat={dayFormat}
          moreLinkContent={moreLinkContent}
          moreLinkHint={moreLinkHint}
          moreLinkDidMount={moreLinkDidMount}
          dayCellDidMount={dayCellDidMount}
          dayPopoverFormat={dayFormat}
          noEventsContent={noEventsContent}
        />
      )}
    </div>
  );
});

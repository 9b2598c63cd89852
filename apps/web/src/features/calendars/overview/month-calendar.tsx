import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import type { EventClickArg, EventInput, MoreLinkContentArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import { addDays, format, parseISO } from 'date-fns';
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
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

/** The month sheet or the month's list, drawn by FullCalendar without its own toolbar. */
export function MonthCalendar({ date, view, listRange, appointments, onOpen, onDayDoubleClick }: MonthCalendarProps) {
  const { t, i18n } = useTranslation('calendars');
  const ref = useRef<FullCalendar>(null);
  const container = useRef<HTMLDivElement>(null);
  const fcView = FC_VIEWS[view];
  const events = useMemo(() => appointments.map(toCalendarEvent), [appointments]);
  const { start, end, cut } = listRange;
  const visibleRange = useMemo(() => ({ start, end }), [start, end]);
  useKeepPopoverInView(container);

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    // FullCalendar renders synchronously inside these calls; doing it after React's commit keeps
    // it out of React's own rendering.
    const timer = setTimeout(() => {
      if (api.view.type !== fcView) api.changeView(fcView, date);
      else api.gotoDate(date);
    });
    return () => clearTimeout(timer);
  }, [date, fcView]);

  const handleClick = (info: EventClickArg) => {
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
  };

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
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, listPlugin]}
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
        eventContent={(arg) => <EventContent arg={arg} />}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        displayEventEnd={false}
        listDayFormat={{ weekday: 'long' }}
        listDaySideFormat={(arg) => formatDate(new Date(arg.date.year, arg.date.month, arg.date.day))}
        moreLinkContent={(arg: MoreLinkContentArg) => t('overview.more_link', { count: arg.num })}
        moreLinkHint={(count: number) => t('overview.more_hint', { count })}
        // FullCalendar's "+N more" is an <a> without href that opens a popover: a button to
        // assistive technology, which aria-expanded needs.
        moreLinkDidMount={(arg) => arg.el.setAttribute('role', 'button')}
        // A day cell is labelled by its date alone while it shows appointments too, which
        // axe-core counts as a name that hides the visible text: the cell is named by its
        // content instead (the day number link keeps the long date).
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        // dd.MM.y in every language (the locale's own order would say 11/28/2026 in English).
        dayPopoverFormat={(arg) => formatDate(new Date(arg.date.year, arg.date.month, arg.date.day))}
        noEventsContent={() => (cut ? t('overview.no_more') : t('overview.empty'))}
      />
    </div>
  );
}

import type { EventContentArg } from '@fullcalendar/core';
import { Tooltip } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentListItem } from '@agora/contracts';
import { appointmentPath, isRecurring } from './list-item.ts';
import classes from './month-calendar.module.css';

/** FullCalendar draws one-day timed events as a dot and text, the others as coloured bars. */
function isBlock(arg: EventContentArg): boolean {
  const { start, end, allDay } = arg.event;
  if (allDay || !arg.isStart || !arg.isEnd) return true;
  if (!start || !end) return false;
  const last = new Date(end.getTime() - 1);
  return last.toDateString() !== start.toDateString();
}

/** An appointment in the month sheet, the "+n more" popover or the list. */
export function EventContent({ arg }: { arg: EventContentArg }) {
  const { t } = useTranslation('calendars');
  const item = arg.event.extendedProps['item'] as AppointmentListItem;
  const title = (
    <>
      <CutTitle title={arg.event.title} />
      {isRecurring(item) && (
        <IconRepeat size={14} className={classes.icon} aria-label={t('overview.recurring')} role="img" />
      )}
      {item.canceled && <span className={classes.srOnly}>{` (${t('overview.canceled')})`}</span>}
    </>
  );
  if (arg.view.type.startsWith('list')) {
    // The list's title cell is the row's link (FullCalendar follows the first link of a row).
    return (
      <a href={appointmentPath(item)} className={classes.listLink}>
        {title}
      </a>
    );
  }
  const block = isBlock(arg);
  return (
    <span className={classes.event} data-block={block || undefined}>
      {!block && <span className={classes.dot} style={{ background: arg.backgroundColor }} aria-hidden />}
      {arg.timeText && !arg.event.allDay && <span className={classes.time}>{arg.timeText}</span>}
      {title}
    </span>
  );
}

/** Whether the text of `el` is cut off (an ellipsis on one line, or lines clamped). */
function isCut(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
}

/**
 * A title that may be cut to fit a day cell or a list row. Where it is, hovering the appointment
 * or focusing its link shows the whole title in a tooltip, so it can be read without opening it
 * (screen readers get the whole title anyway: it is cut only visually). The tooltip is made the
 * first time it is asked for: a month draws many titles, and few of them are ever hovered.
 */
function CutTitle({ title }: { title: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const span = ref.current;
    // The appointment's link: FullCalendar's event in the sheet, the row's link in the list.
    const target = span?.closest<HTMLElement>('a, .fc-event');
    if (!span || !target) return;
    const show = () => {
      // The span is drawn anew inside the tooltip the first time: measure the one shown now.
      const cut = isCut(ref.current ?? span);
      setOpened(cut);
      if (cut) setWanted(true);
    };
    const hide = () => setOpened(false);
    const events = [
      ['mouseenter', show],
      ['focus', show],
      ['mouseleave', hide],
      ['blur', hide],
      // The popup opens on click: the tooltip gives way to it.
      ['click', hide],
    ] as const;
    for (const [name, handler] of events) target.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) target.removeEventListener(name, handler);
    };
  }, []);

  const text = (
    <span ref={ref} className={classes.title}>
      {title}
    </span>
  );
  if (!wanted) return text;
  return (
    <Tooltip
      label={title}
      opened={opened}
      multiline
      maw="min(22rem, calc(100vw - 2rem))"
      classNames={{ tooltip: classes.tooltip }}
      // Above FullCalendar's "+n more" popover (z-index 9999), whose entries have tooltips too.
      zIndex={10000}
    >
      {text}
    </Tooltip>
  );
}

import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SearchHighlight, SearchHits } from '@agora/contracts';
import { formatDate, formatTime } from '../../../../ui/date-format.ts';
import { CalendarDot } from '../../../calendars/index.ts';
import { plainText } from '../../lib/highlight.ts';
import { HitFrame, MetaLine } from '../hit-frame.tsx';

/** When an appointment is: dd.MM.y (and its times, unless all day), to its last day when it spans several. */
function when(date: SearchHits['appointments']['date'], allDay: string): string {
  const start = formatDate(date.start);
  const end = formatDate(date.end);
  if (date.all_day) return end && end !== start ? `${start} – ${end} (${allDay})` : `${start} (${allDay})`;
  if (end && end !== start) return `${start} ${formatTime(date.start)} – ${end} ${formatTime(date.end)}`;
  return `${start} ${formatTime(date.start)} – ${formatTime(date.end)}`;
}

/** An appointment: its date, calendars and recurrence, and a preview of its description. */
export function AppointmentHit({ hit, highlight }: { hit: SearchHits['appointments']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  const recurrence = hit.recurrence_pattern;
  return (
    <HitFrame
      to={hit.html_url}
      title={hit.name}
      highlight={highlight}
      preview={plainText(hit.html_description)}
      meta={
        <MetaLine
          parts={[
            when(hit.date, t('hit.all_day')),
            hit.calendars.length > 0 && (
              <Group gap={8} wrap="wrap" component="span">
                {hit.calendars.map((calendar) => (
                  <Group key={calendar.id} gap={4} wrap="nowrap" component="span">
                    {calendar.color && <CalendarDot color={calendar.color} size={10} />}
                    {calendar.name}
                  </Group>
                ))}
              </Group>
            ),
            recurrence &&
              recurrence.recurrence_frequency !== 'never' &&
              [
                t(`hit.recurrence.${recurrence.recurrence_frequency}`, { defaultValue: t('hit.recurrence.custom') }),
                recurrence.recurrence_end_time && t('hit.until', { date: formatDate(recurrence.recurrence_end_time) }),
              ]
                .filter(Boolean)
                .join(' '),
          ]}
        />
      }
    />
  );
}

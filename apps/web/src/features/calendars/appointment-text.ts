import type { AppointmentDate } from '@agora/contracts';
import { formatDate, formatTime } from '../../ui/date-format.ts';

/**
 * When an appointment takes place, as the overview writes it (dd.MM.y, 24 hours, the browser's
 * zone): "05.03.2026 10:00 – 11:00", "05.03.2026 – 07.03.2026", "05.03.2026 10:00 – 06.03.2026 09:00".
 * `allDay` is the word for all-day appointments.
 */
export function formatAppointmentDate(date: AppointmentDate, allDay: string): string {
  if (date.all_day) {
    const start = date.start.slice(0, 10);
    const end = date.end?.slice(0, 10);
    const days = end && end !== start ? `${formatDate(start)} – ${formatDate(end)}` : formatDate(start);
    return `${days}, ${allDay}`;
  }
  const start = `${formatDate(date.start)} ${formatTime(date.start)}`;
  if (!date.end) return start;
  if (formatDate(date.end) === formatDate(date.start)) return `${start} – ${formatTime(date.end)}`;
  return `${start} – ${formatDate(date.end)} ${formatTime(date.end)}`;
}

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr)>|<br\s*\/?>/gi;

/** The text of sanitized HTML, paragraphs kept as line breaks. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The first `max` characters and an ellipsis, or the whole text when it is short enough. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

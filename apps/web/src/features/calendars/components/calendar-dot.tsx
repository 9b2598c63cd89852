import { ColorSwatch } from '@mantine/core';
import { calendarColor } from '../calendar-sections.ts';

/** The colour dot of a calendar; decorative, the calendar's name always stands beside it. */
export function CalendarDot({ color, size = 12 }: { color: string; size?: number }) {
  return <ColorSwatch component="span" color={calendarColor(color)} size={size} withShadow={false} aria-hidden />;
}

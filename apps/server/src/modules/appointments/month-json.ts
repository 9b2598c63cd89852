import type { AppointmentListItem } from '@agora/contracts';
import { appointmentType } from './present.ts';
import type { MonthRow } from './range-repository.ts';
import { presentDateJson } from './times.ts';

/** The list item fields every item of one row shares (all but its id, path and date). */
export type SharedListFields = Omit<AppointmentListItem, 'id' | 'path' | 'date'>;

export function sharedListFields(
  row: MonthRow,
  isOccurrence: boolean,
  calendars: { ids: string[]; color: string },
): SharedListFields {
  return {
    name: row.name,
    type: appointmentType(row, isOccurrence),
    calendar_ids: calendars.ids,
    color: calendars.color,
    recurring: isOccurrence || row.recurrenceFrequency !== 'never',
    canceled: row.canceled,
    location_name: row.locationName,
    has_meeting: row.hasMeeting,
  };
}

/**
 * Writes the list items (AppointmentListItem) of one row as JSON text: the fields its items share
 * are serialized once, and each item (an occurrence of a series, or the row itself) adds its id,
 * path and date. A month holds thousands of occurrences of a few hundred rows, so this spares an
 * object per item and most of JSON.stringify's walk. Ids are hex (occurrence ids: 'r-', hex,
 * digits and 'T'), so they need no escaping.
 */
export function listItemWriter(
  row: MonthRow,
  isOccurrence: boolean,
  calendars: { ids: string[]; color: string },
): (id: string, start: Date, end: Date | null) => string {
  // '{"name":...}' without its opening brace: the rest of every item.
  const rest = JSON.stringify(sharedListFields(row, isOccurrence, calendars)).slice(1);
  const zone = { name: row.timeZone, json: JSON.stringify(row.timeZone) };
  return (id, start, end) =>
    `{"id":"${id}","path":"/appointments/${id}","date":${presentDateJson(start, end, row.allDay, zone)},${rest}`;
}

/**
 * `head`, the items separated by commas, `tail`, as UTF-8: each item is encoded straight into
 * the buffer, without first joining a string of the whole answer (as large as the buffer again).
 */
export function jsonBuffer(head: string, items: string[], tail: string): Buffer {
  // A UTF-16 unit takes at most 3 bytes in UTF-8 (a pair of them, 4).
  let most = (head.length + tail.length) * 3;
  for (const item of items) most += item.length * 3 + 1;
  const buffer = Buffer.allocUnsafe(most);
  let at = buffer.write(head, 0);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) buffer[at++] = 0x2c; // ','
    at += buffer.write(items[i]!, at);
  }
  at += buffer.write(tail, at);
  // A copy of the exact size: the cache holds this, not the worst case.
  return Buffer.from(buffer.subarray(0, at));
}

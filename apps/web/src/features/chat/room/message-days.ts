import { formatDate } from '../../../ui/date-format.ts';

export type ListEntry<M> = { type: 'day'; day: string } | { type: 'message'; message: M };

/** The messages with a day separator (dd.MM.y, the browser's zone) before each new day. */
export function withDaySeparators<M extends { created_at: string }>(messages: M[]): Array<ListEntry<M>> {
  const entries: Array<ListEntry<M>> = [];
  let previous = '';
  for (const message of messages) {
    const day = formatDate(message.created_at);
    if (day !== previous) entries.push({ type: 'day', day });
    previous = day;
    entries.push({ type: 'message', message });
  }
  return entries;
}

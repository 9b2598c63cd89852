import type { Chat } from '@agora/contracts';
import { formatDate, formatTime } from '../../../ui/date-format.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The list's time of the last message: today HH:mm, earlier dd.MM.y (spec 9). */
export function chatTime(iso: string, now: Date = new Date()): string {
  // The app's own formats rather than date-fns: the shell's desktop notifications use this file.
  const day = formatDate(iso);
  return day === formatDate(now) ? formatTime(iso) : day;
}

/**
 * The last message in one line: "You: ..." for my own, the author's name in group and network
 * chats, the deleted text, or the attachments when there is no text ("📎 2 files").
 */
export function lastMessagePreview(chat: Chat, me: string | null, t: Translate): string {
  const last = chat.last_message;
  if (!last) return t('list.no_messages');
  let body: string;
  if (last.deleted_at) body = t('list.deleted');
  else if (last.text.trim()) body = last.text.replace(/\s+/g, ' ').trim();
  else {
    const parts = [];
    if (last.images > 0) parts.push(`🖼 ${t('list.images', { count: last.images })}`);
    if (last.files > 0) parts.push(`📎 ${t('list.files', { count: last.files })}`);
    body = parts.join(', ');
  }
  if (last.from.id === me) return t('list.own', { text: body });
  if (chat.kind !== 'member') return t('list.from', { name: last.from.name, text: body });
  return body;
}

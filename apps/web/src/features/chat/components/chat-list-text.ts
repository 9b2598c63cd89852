import { format, isSameDay } from 'date-fns';
import type { Chat } from '@agora/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The list's time of the last message: today HH:mm, earlier dd.MM.y (spec 9). */
export function chatTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return format(date, isSameDay(date, now) ? 'HH:mm' : 'dd.MM.y');
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

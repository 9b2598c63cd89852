import type { DirectMessage, MemberOption, MemberRef, NetworkShell, StoredItem, Unreads } from '@agora/contracts';
import type { DirectoryGroupOption } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';

/** How the composer starts: empty, or answering or passing on a message. */
export type ComposeMode = 'reply' | 'reply_all' | 'forward';

/** What the composer holds. */
export type Draft = {
  to: MemberOption[];
  groups: DirectoryGroupOption[];
  toAll: boolean;
  subject: string;
  content: string;
  /** The attachments a forwarded message keeps. */
  attachments: StoredItem[];
  conversationStarterId: string | null;
};

export const EMPTY_DRAFT: Draft = {
  to: [],
  groups: [],
  toAll: false,
  subject: '',
  content: '',
  attachments: [],
  conversationStarterId: null,
};

/** `can.send_direct_messages` of the network shell: new message, reply, reply all and forward. */
export function maySendMessages(network: NetworkShell | undefined): boolean {
  return network?.can.send_direct_messages ?? false;
}

/** The Messages counter of the user bar. */
export function unreadMessages(unreads: Unreads | undefined): number {
  return unreads?.Messages ?? 0;
}

/** A message's author or recipient as the member select holds them. */
export function memberOption(member: MemberRef): MemberOption {
  return { id: member.id, displayName: member.name, images: { small: null }, is_external: false };
}

/** "Re: Subject", without stacking a second prefix on an answer to an answer. */
export function prefixed(prefix: string, subject: string): string {
  return subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix}${subject}`;
}

function uniqueMembers(members: MemberRef[], selfId: string): MemberOption[] {
  const seen = new Set<string>([selfId]);
  const result: MemberOption[] = [];
  for (const member of members) {
    if (seen.has(member.id)) continue;
    seen.add(member.id);
    result.push(memberOption(member));
  }
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The labels of the quoted head of a forwarded message, in the member's language. */
export type ForwardLabels = { heading: string; from: string; date: string; subject: string; to: string };

/** The original of a forward: its head (from, date, subject, to) and its content as a quote. */
export function forwardedContent(message: DirectMessage, labels: ForwardLabels): string {
  const to = message.to.map((member) => member.name).join(', ');
  const head = [
    `<strong>${escapeHtml(labels.heading)}</strong>`,
    `${escapeHtml(labels.from)}: ${escapeHtml(message.author?.name ?? '')}`,
    `${escapeHtml(labels.date)}: ${escapeHtml(formatDateTime(message.created_at))}`,
    `${escapeHtml(labels.subject)}: ${escapeHtml(message.subject)}`,
    ...(to ? [`${escapeHtml(labels.to)}: ${escapeHtml(to)}`] : []),
  ].join('<br>');
  return `<p></p><p>${head}</p><blockquote>${message.content || '<p></p>'}</blockquote>`;
}

/** The attachments of a message as stored items, so that a forward keeps them. */
export function storedAttachments(message: DirectMessage): StoredItem[] {
  return message.attachments.map((attachment) => ({
    id: attachment.id,
    name: attachment.original_filename,
    type: attachment.content_type,
    size: attachment.size,
    extension: attachment.extension,
    external_id: null,
    state: 'published',
    token: null,
    created_at: message.created_at,
  }));
}

/**
 * The composer prefilled for a reply (to the author; to the recipients when answering one's own
 * message), a reply to all (the author and the other recipients, never oneself) or a forward
 * (no recipients, the original quoted, its attachments kept).
 */
export function draftFrom(
  mode: ComposeMode,
  message: DirectMessage,
  selfId: string,
  labels: { re: string; fwd: string; forward: ForwardLabels },
): Draft {
  const starter = message.conversation_starter_id || message.id;
  const own = message.author?.id === selfId;
  if (mode === 'forward') {
    return {
      ...EMPTY_DRAFT,
      subject: prefixed(labels.fwd, message.subject),
      content: forwardedContent(message, labels.forward),
      attachments: storedAttachments(message),
    };
  }
  const author = message.author ? [message.author] : [];
  const to =
    mode === 'reply'
      ? uniqueMembers(own ? message.to : author, selfId)
      : uniqueMembers([...author, ...message.to], selfId);
  return { ...EMPTY_DRAFT, to, subject: prefixed(labels.re, message.subject), conversationStarterId: starter };
}

/** Why sending is not possible yet (spec, section 5), or null when it is. */
export type SendBlocker = 'recipients' | 'subject_or_content' | 'uploading';

/** Whether rich text holds anything but empty paragraphs and whitespace. */
export function hasText(html: string): boolean {
  if (/<(img|iframe|video|hr)\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text.length > 0;
}

export function sendBlocker(draft: Draft, uploading: boolean): SendBlocker | null {
  if (!draft.toAll && draft.to.length === 0 && draft.groups.length === 0) return 'recipients';
  if (draft.subject.trim() === '' && !hasText(draft.content)) return 'subject_or_content';
  if (uploading) return 'uploading';
  return null;
}

/** Whether the composer holds something that leaving the page would lose. */
export function isDirty(draft: Draft, initial: Draft, newUploads: number): boolean {
  return (
    newUploads > 0 ||
    draft.subject !== initial.subject ||
    draft.content !== initial.content ||
    draft.toAll !== initial.toAll ||
    draft.to.map((m) => m.id).join() !== initial.to.map((m) => m.id).join() ||
    draft.groups.map((g) => g.id).join() !== initial.groups.map((g) => g.id).join()
  );
}

import type { DirectMessage, DirectMessageAttachment, DirectMessageGroupRef, MemberRef } from '@agora/contracts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import type { ViewedMessage } from './repository.ts';

export function presentMemberRef(m: MembershipRow | undefined): MemberRef | null {
  return m ? { id: m.id, name: memberName(m), path: `/members/${m.id}`, detection_profile_field: null } : null;
}

export function presentAttachment(row: StoredObjectRow): DirectMessageAttachment {
  return {
    id: row.id,
    original_filename: row.name,
    extension: row.extension,
    content_type: row.contentType,
    size: row.size,
    url: `/api/storage/${row.directory}/${row.id}/get/${encodeURIComponent(row.name)}`,
  };
}

/** What the presenter needs besides the message: loaded once for a whole page. */
export type MessageContext = {
  members: Map<string, MembershipRow>;
  recipients: Map<string, string[]>;
  groups: Map<string, DirectMessageGroupRef[]>;
  attachments: Map<string, StoredObjectRow[]>;
  lengths: Map<string, number>;
  answered: Set<string>;
  /** The members the reader ignores: their messages come marked. */
  ignored: ReadonlySet<string>;
};

export function presentMessage(
  { message, copy }: ViewedMessage,
  context: MessageContext,
  conversation: DirectMessage[] = [],
): DirectMessage {
  const attachments = (context.attachments.get(message.id) ?? []).map(presentAttachment);
  return {
    id: message.id,
    subject: message.subject,
    content: message.content,
    plain_content: message.plainContent,
    html_content: message.content,
    created_at: message.createdAt.toISOString(),
    author: presentMemberRef(context.members.get(message.authorId)),
    to: (context.recipients.get(message.id) ?? [])
      .map((id) => presentMemberRef(context.members.get(id)))
      .filter((m): m is MemberRef => m !== null),
    to_count: message.toCount,
    to_groups: context.groups.get(message.id) ?? [],
    to_all_network_members: message.toAll,
    conversation,
    conversation_length: context.lengths.get(message.conversationStarterId) ?? 1,
    conversation_starter_id: message.conversationStarterId,
    has_replies: context.answered.has(message.id),
    has_attachments: attachments.length > 0,
    attachments,
    // The sender's own copy reads as read.
    i: { read: copy === null || copy.readAt !== null },
    ignored: context.ignored.has(message.authorId),
  };
}

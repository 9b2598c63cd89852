import type {
  Chat,
  ChatAttachment,
  ChatKind,
  ChatMemberRef,
  ChatMessage,
  ChatPartnerState,
  ChatState,
  ChatStatus,
  QuotedChatMessage,
} from '@agora/contracts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import type { GroupRow } from '../groups/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import type { ChatAbilities } from './policy.ts';
import type { ChatRow, ListedChatRow, MessageRow, StateRow } from './repository.ts';

/** A member named in a chat; one no longer in the network keeps their id and loses their name. */
export function presentMemberRef(id: string, members: Map<string, MembershipRow>): ChatMemberRef {
  const member = members.get(id);
  return { id, name: member ? memberName(member) : '', image_id: member?.profileImageId ?? null };
}

export function presentState(state: StateRow | null, unread: number): ChatState {
  return {
    muted_until: state?.mutedUntil?.toISOString() ?? null,
    app_muted_until: state?.appMutedUntil?.toISOString() ?? null,
    last_read_id: state?.lastReadId ?? null,
    last_read_seq: state?.lastReadSeq ?? 0,
    unread_count: unread,
  };
}

export function presentPartnerState(state: StateRow | null): ChatPartnerState {
  return {
    last_received_id: state?.lastReceivedId ?? null,
    last_received_seq: state?.lastReceivedSeq ?? 0,
    last_read_id: state?.lastReadId ?? null,
    last_read_seq: state?.lastReadSeq ?? 0,
  };
}

/** Files carry a download token (they are links); images are fetched through their own route. */
function presentAttachment(row: StoredObjectRow, token: string | null): ChatAttachment {
  return { id: row.id, name: row.name, extension: row.extension, size: row.size, type: row.contentType, token };
}

/** What a page of messages is presented with: loaded once for the whole page. */
export type MessagePageParts = {
  chatKey: string;
  groupName: string | null;
  members: Map<string, MembershipRow>;
  quoted: Map<string, MessageRow>;
  attachments: Map<string, StoredObjectRow[]>;
  fileToken: (row: StoredObjectRow) => string;
};

function presentQuoted(row: MessageRow, members: Map<string, MembershipRow>): QuotedChatMessage {
  return {
    id: row.id,
    text: row.deletedAt ? '' : row.text,
    from: presentMemberRef(row.authorId, members),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    files: row.fileCount,
    images: row.imageCount,
  };
}

export function presentMessage(row: MessageRow, parts: MessagePageParts): ChatMessage {
  const attachments = row.deletedAt ? [] : (parts.attachments.get(row.id) ?? []);
  const quoted = row.quotedMessageId ? parts.quoted.get(row.quotedMessageId) : undefined;
  return {
    id: row.id,
    chat_id: parts.chatKey,
    seq: row.seq,
    revision: row.revision,
    text: row.deletedAt ? '' : row.text,
    from: presentMemberRef(row.authorId, parts.members),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    quoted_message: quoted ? presentQuoted(quoted, parts.members) : null,
    files: attachments.filter((a) => a.directory === 'files').map((a) => presentAttachment(a, parts.fileToken(a))),
    images: attachments.filter((a) => a.directory === 'images').map((a) => presentAttachment(a, null)),
    group_name: parts.groupName,
    client_reference: row.clientReference,
  };
}

/** A chat of a member's list: loaded rows (none while the chat has no row) and the rules' answers. */
export type ChatView = {
  key: string;
  kind: ChatKind;
  networkName: string;
  group: GroupRow | null;
  partner: MembershipRow | null;
  row: ChatRow | null;
  listed: Omit<ListedChatRow, 'chat'> | null;
  can: ChatAbilities;
  status: ChatStatus | null;
};

export function presentChat(view: ChatView, members: Map<string, MembershipRow>): Chat {
  const { partner, group, listed } = view;
  const last = listed?.lastMessage ?? null;
  return {
    id: view.key,
    kind: view.kind,
    name: partner ? memberName(partner) : (group?.name ?? view.networkName),
    image_id: partner ? partner.profileImageId : (group?.profileImageId ?? null),
    partner: partner
      ? { id: partner.id, name: memberName(partner), image_id: partner.profileImageId, is_external: partner.isExternal }
      : null,
    group: group ? { id: group.id, slug: group.slug, name: group.name } : null,
    last_message: last
      ? {
          id: last.id,
          from: presentMemberRef(last.authorId, members),
          text: last.deletedAt ? '' : last.text,
          deleted_at: last.deletedAt?.toISOString() ?? null,
          files: last.fileCount,
          images: last.imageCount,
          created_at: last.createdAt.toISOString(),
        }
      : null,
    last_interacted_at: view.row?.lastInteractedAt?.toISOString() ?? null,
    revision: view.row?.revision ?? 0,
    can: {
      write: view.can.write,
      update_messages: view.can.update_messages,
      destroy_messages: view.can.destroy_messages,
    },
    state: presentState(listed?.state ?? null, listed?.unread ?? 0),
    partner_state: view.kind === 'member' ? presentPartnerState(listed?.partnerState ?? null) : null,
    status: view.status,
  };
}

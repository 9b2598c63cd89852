import type { ChatMessage } from '@agora/contracts';
import type { MembershipRow, MembersService } from '../members/index.ts';
import type { ChatContext } from './access.ts';
import type { ChatFiles } from './files.ts';
import { presentMessage } from './present.ts';
import type { ChatRepository, MessageRow } from './repository.ts';

/**
 * Presents a page of messages with what each shows: the quoted messages, the names of authors,
 * the files and images. Three queries per page, however many messages it has; none for a plain
 * message whose author the caller knows (`known`: the sender of a message just stored).
 */
export function createMessagesView(deps: { repository: ChatRepository; members: MembersService; files: ChatFiles }) {
  return async function presentMessages(
    context: Pick<ChatContext, 'actor' | 'key' | 'group'>,
    chatId: string,
    rows: MessageRow[],
    known?: MembershipRow | null,
  ): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const networkId = context.actor.networkId;
    const quotedIds = [...new Set(rows.flatMap((r) => (r.quotedMessageId ? [r.quotedMessageId] : [])))];
    const live = rows.filter((r) => !r.deletedAt && r.fileCount + r.imageCount > 0).map((r) => r.id);
    const [quotedRows, attachments] = await Promise.all([
      deps.repository.messagesByIds(chatId, quotedIds),
      deps.files.of(networkId, live),
    ]);
    const authorIds = new Set([...rows, ...quotedRows].map((r) => r.authorId));
    if (known) authorIds.delete(known.id);
    const members = new Map((await deps.members.findMany(networkId, [...authorIds])).map((m) => [m.id, m]));
    if (known) members.set(known.id, known);
    const parts = {
      chatKey: context.key,
      groupName: context.group?.name ?? null,
      members,
      quoted: new Map(quotedRows.map((r) => [r.id, r])),
      attachments,
      fileToken: deps.files.fileToken,
    };
    return rows.map((row) => presentMessage(row, parts));
  };
}

export type PresentMessages = ReturnType<typeof createMessagesView>;

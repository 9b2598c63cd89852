import {
  DIRECT_MESSAGE_LIMITS,
  type DirectMessage,
  type DirectMessageGroupRef,
  type DirectMessageList,
  type DirectMessageListQuery,
} from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import type { MessagesDeps } from './deps.ts';
import { messagePolicy } from './policy.ts';
import { presentMessage, type MessageContext } from './present.ts';
import type { MessagesRepository, ViewedMessage } from './repository.ts';

/** Reading: the inbox, the sent list, one message with its conversation. */
export function createMessageViews(deps: MessagesDeps, repository: MessagesRepository) {
  /** Everything a page of messages shows, in a fixed number of queries whatever its length. */
  async function contextOf(actor: Actor, viewed: ViewedMessage[]): Promise<MessageContext> {
    const { networkId, membershipId } = actor;
    const messages = viewed.map((v) => v.message);
    const ids = messages.map((m) => m.id);
    const [recipients, groups, attachmentRows, lengths, answered, ignored] = await Promise.all([
      repository.namedRecipients(ids, DIRECT_MESSAGE_LIMITS.recipientsMax),
      repository.groupsOf(ids),
      repository.attachmentsOf(ids),
      repository.conversationLengths(networkId, membershipId, [
        ...new Set(messages.map((m) => m.conversationStarterId)),
      ]),
      repository.answered(membershipId, messages),
      deps.ignoredMembers.ignoredBy(membershipId),
    ]);
    const memberIds = new Set([...messages.map((m) => m.authorId), ...[...recipients.values()].flat()]);
    const [members, objects] = await Promise.all([
      deps.members.findMany(networkId, [...memberIds]),
      deps.storage.live(
        networkId,
        attachmentRows.map((a) => a.objectId),
      ),
    ]);
    const objectsById = new Map(objects.map((o) => [o.id, o]));
    const attachments = new Map<string, StoredObjectRow[]>();
    for (const a of attachmentRows) {
      const object = objectsById.get(a.objectId);
      if (object) attachments.set(a.messageId, [...(attachments.get(a.messageId) ?? []), object]);
    }
    const groupRefs = new Map<string, DirectMessageGroupRef[]>();
    for (const g of groups) {
      groupRefs.set(g.messageId, [
        ...(groupRefs.get(g.messageId) ?? []),
        { id: g.groupId, name: g.name, path: g.path },
      ]);
    }
    return {
      members: new Map(members.map((m) => [m.id, m])),
      recipients,
      groups: groupRefs,
      attachments,
      lengths,
      answered,
      ignored,
    };
  }

  async function presentMany(actor: Actor, viewed: ViewedMessage[]): Promise<DirectMessage[]> {
    const context = await contextOf(actor, viewed);
    return viewed.map((v) => presentMessage(v, context));
  }

  /** A message the actor may read; 404 otherwise (not received, not sent, deleted, foreign). */
  async function loadForActor(actor: Actor, id: string): Promise<ViewedMessage> {
    const [viewed] = await repository.readable(actor.networkId, actor.membershipId, [id]);
    if (!viewed || !allows(messagePolicy, 'read', actor, viewed)) throw notFound();
    return viewed;
  }

  return {
    loadForActor,
    presentMany,

    async inbox(actor: Actor, query: DirectMessageListQuery): Promise<DirectMessageList> {
      const { rows, total } = await repository.inbox(actor.membershipId, query.limit, query.offset, query.group_id);
      return { messages: await presentMany(actor, rows), total, limit: query.limit, offset: query.offset };
    },

    async sent(actor: Actor, query: DirectMessageListQuery): Promise<DirectMessageList> {
      const { rows, total } = await repository.sent(
        actor.networkId,
        actor.membershipId,
        query.limit,
        query.offset,
        query.group_id,
      );
      return { messages: await presentMany(actor, rows), total, limit: query.limit, offset: query.offset };
    },

    /** One message with the earlier and later messages of its conversation the actor may read, newest first. */
    async show(actor: Actor, id: string): Promise<DirectMessage> {
      const viewed = await loadForActor(actor, id);
      const others = (
        await repository.conversation(
          actor.networkId,
          actor.membershipId,
          viewed.message.conversationStarterId,
          DIRECT_MESSAGE_LIMITS.historyMax + 1,
        )
      ).filter((m) => m.id !== id);
      const history = await repository.readable(
        actor.networkId,
        actor.membershipId,
        others.slice(0, DIRECT_MESSAGE_LIMITS.historyMax).map((m) => m.id),
      );
      const order = new Map(others.map((m, i) => [m.id, i]));
      history.sort((a, b) => order.get(a.message.id)! - order.get(b.message.id)!);
      const all = [viewed, ...history];
      const context = await contextOf(actor, all);
      return presentMessage(
        viewed,
        context,
        history.map((h) => presentMessage(h, context)),
      );
    },
  };
}

export type MessageViews = ReturnType<typeof createMessageViews>;

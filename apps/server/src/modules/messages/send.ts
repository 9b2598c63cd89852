import {
  DIRECT_MESSAGE_ERROR_KEYS as KEYS,
  ERROR_KEYS,
  IGNORED_MEMBER_ERROR_KEYS,
  networkSettingsSchema,
  type directMessageBodySchema,
  type NetworkSettings,
} from '@agora/contracts';
import type { z } from 'zod';
import { sanitizeHtml } from '../../platform/html/sanitize.ts';
import { forbidden, HttpError, unprocessable } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import { memberPolicy, type MembershipRow } from '../members/index.ts';
import { groupPolicy, type GroupWithRole } from '../groups/index.ts';
import type { MessagesDeps } from './deps.ts';
import { MESSAGE_EVENTS } from './events.ts';
import { plainTextOf } from './plain-text.ts';
import { isNetworkWideSender, maySendDirectMessages } from './policy.ts';
import type { MessagesRepository, ViewedMessage } from './repository.ts';
import type { DirectMessageRow } from './tables.ts';

export type SendBody = z.output<typeof directMessageBodySchema>;

/** The storage owner type of direct messages' attachments. */
export const MESSAGE_OWNER = 'message';

/** What a send was checked to: who and what it goes to. */
type Checked = {
  settings: NetworkSettings;
  subject: string;
  content: string;
  plain: string;
  members: MembershipRow[];
  groups: GroupWithRole[];
  starter: ViewedMessage | null;
};

export function createSending(deps: MessagesDeps, repository: MessagesRepository) {
  async function settingsOf(networkId: string): Promise<NetworkSettings> {
    return networkSettingsSchema.parse((await deps.networks.get(networkId))?.settings ?? {});
  }

  /** The members named, each one the actor may write to (422 for any other). */
  async function namedMembers(
    actor: Actor,
    ids: string[],
    settings: NetworkSettings,
    starterId: string | null,
  ): Promise<MembershipRow[]> {
    const wanted = [...new Set(ids)].filter((id) => id !== actor.membershipId);
    if (wanted.length === 0) return [];
    const rows = await deps.members.findMany(actor.networkId, wanted);
    const visible = rows.filter(
      (m) =>
        m.kind === 'member' &&
        !m.lockedAt &&
        allows(memberPolicy, 'read', actor, { membership: m, guestUsersAllowChat: settings.guest_users_allow_chat }),
    );
    if (visible.length !== wanted.length) throw unprocessable({ to: [KEYS.recipientNotAllowed] });
    // A member who ignores the sender is not written to (groups and everyone still reach them, marked).
    if ((await deps.ignoredMembers.ignoring(actor.membershipId, wanted)).size > 0) {
      throw unprocessable({ to: [IGNORED_MEMBER_ERROR_KEYS.ignoredByRecipient] });
    }
    if (isNetworkWideSender(actor, settings)) return visible;
    // Others write to the members of the groups they administrate, and answer their conversations.
    const [inGroups, inConversation] = await Promise.all([
      deps.groups.inAdministeredGroups(actor.networkId, actor.membershipId, wanted),
      starterId
        ? repository.conversationPeople(actor.networkId, actor.membershipId, starterId, wanted)
        : Promise.resolve(new Set<string>()),
    ]);
    if (wanted.some((id) => !inGroups.has(id) && !inConversation.has(id))) {
      throw unprocessable({ to: [KEYS.recipientNotAllowed] });
    }
    return visible;
  }

  /** The groups named: each readable, and administrated by the actor unless a network-wide sender. */
  async function namedGroups(actor: Actor, ids: string[], settings: NetworkSettings): Promise<GroupWithRole[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    const found = await deps.groups.withRolesAndCategories(actor, wanted);
    const wide = isNetworkWideSender(actor, settings);
    const groups = wanted.map((id) => found.get(id));
    const refused = groups.some(
      (g) =>
        !g || !allows(groupPolicy, 'read', actor, { group: g.group, role: g.role }) || (!wide && g.role !== 'admin'),
    );
    if (refused) throw unprocessable({ to_group: [KEYS.recipientNotAllowed] });
    return groups as GroupWithRole[];
  }

  async function check(actor: Actor, body: SendBody): Promise<Checked> {
    const settings = await settingsOf(actor.networkId);
    if (!maySendDirectMessages(actor, settings)) throw forbidden();
    const content = sanitizeHtml(body.content);
    const plain = plainTextOf(content);
    const subject = body.subject.trim();
    const errors: Record<string, string[]> = {};
    if (body.to.length === 0 && body.to_group.length === 0 && !body.to_all_network_members) {
      errors.to = [KEYS.recipientsEmpty];
    }
    if (!subject && !plain && !/<img\b/i.test(content)) errors.content = [KEYS.subjectAndContentEmpty];
    if (body.to_all_network_members && !actor.isNetworkAdmin) errors.to_all_network_members = [KEYS.toAllNotAllowed];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    let starter: ViewedMessage | null = null;
    if (body.conversation_starter_id) {
      [starter = null] = await repository.readable(actor.networkId, actor.membershipId, [body.conversation_starter_id]);
      if (!starter) throw unprocessable({ conversation_starter_id: [ERROR_KEYS.invalid] });
    }
    const starterId = starter?.message.conversationStarterId ?? null;
    const [members, groups] = await Promise.all([
      namedMembers(actor, body.to, settings, starterId),
      namedGroups(actor, body.to_group, settings),
    ]);
    if (members.length === 0 && groups.length === 0 && !body.to_all_network_members) {
      // Only the sender was named.
      throw unprocessable({ to: [KEYS.recipientsEmpty] });
    }
    return { settings, subject, content, plain, members, groups, starter };
  }

  /**
   * Inside the send's transaction: the uploads of the sender become the message's; attachments
   * of a message the sender may read are listed again (forwarded, not copied). Anything else: 422.
   */
  async function attach(tx: Db, actor: Actor, message: DirectMessageRow, ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return 0;
    const forwarded = await repository.forwardable(actor.networkId, actor.membershipId, unique, tx);
    const own = unique.filter((id) => !forwarded.has(id));
    try {
      await deps.storage.attach(actor, own, { type: MESSAGE_OWNER, id: message.id }, { db: tx, field: 'attachments' });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 422) {
        throw unprocessable({ attachments: [KEYS.attachmentNotUploaded] });
      }
      throw error;
    }
    await repository.insertAttachments(
      unique.map((objectId, position) => ({
        messageId: message.id,
        objectId,
        ownerMessageId: forwarded.get(objectId) ?? message.id,
        networkId: message.networkId,
        position,
      })),
      tx,
    );
    return unique.length;
  }

  return {
    settingsOf,

    /**
     * `POST /api/v1/messages`: the message, the members named and the groups as sent, in one
     * transaction with its event; the groups' and all members' copies are written after the
     * commit (a processor), so that a message to thousands answers at once.
     */
    async send(
      actor: Actor,
      body: SendBody,
      // The demo's messages are not mailed, and were written over the days before it.
      options: { sendEmail?: boolean; at?: Date } = {},
    ): Promise<DirectMessageRow> {
      const checked = await check(actor, body);
      return deps.events.transaction(async (tx) => {
        const id = newId(options.at?.getTime());
        const expands = checked.groups.length > 0 || body.to_all_network_members;
        const message = await repository.insertMessage(
          {
            id,
            networkId: actor.networkId,
            authorId: actor.membershipId,
            subject: checked.subject,
            content: checked.content,
            plainContent: checked.plain,
            conversationStarterId: checked.starter?.message.conversationStarterId ?? id,
            toAll: body.to_all_network_members,
            toCount: checked.members.length,
            expandedAt: expands ? null : new Date(),
            ...(options.at ? { createdAt: options.at } : {}),
          },
          tx,
        );
        await repository.insertRecipients(
          checked.members.map((m) => ({
            messageId: id,
            membershipId: m.id,
            networkId: actor.networkId,
            createdAt: message.createdAt,
          })),
          tx,
        );
        await repository.insertGroups(
          checked.groups.map(({ group }) => ({
            messageId: id,
            groupId: group.id,
            networkId: actor.networkId,
            name: group.name,
            path: `/groups/${group.slug}`,
            createdAt: message.createdAt,
          })),
          tx,
        );
        const attachments = await attach(tx, actor, message, body.attachments);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: MESSAGE_EVENTS.sent,
          actorId: actor.membershipId,
          subject: { type: 'direct_message', id },
          changes: {
            recipient_ids: checked.members.map((m) => m.id),
            group_ids: checked.groups.map((g) => g.group.id),
            to_all: body.to_all_network_members,
            subject: checked.subject,
            attachments,
            send_email: options.sendEmail ?? true,
          },
        });
        if (attachments > 0) await repository.setAttachmentCount(tx, id, attachments);
        return { ...message, attachmentCount: attachments };
      });
    },
  };
}

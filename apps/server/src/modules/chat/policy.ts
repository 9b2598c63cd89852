import { mayChat, type ChatKind, type GroupRole, type NetworkSettings } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import { chatErrors, type ChatError } from './errors.ts';

/** The network settings the chat rules read. */
export type ChatSettings = Pick<
  NetworkSettings,
  | 'guest_users_allow_chat'
  | 'chat_message_allow_update'
  | 'chat_message_allow_destroy'
  | 'chat_message_update_period_minutes'
  | 'max_file_attachments'
  | 'max_image_attachments'
>;

/** The other member of a direct chat, as far as the rules need them. */
export type ChatPartner = { id: string; lockedAt: Date | null; isExternal: boolean; kind: string };

/** A chat with what its rules need already loaded. */
export type ChatSubject = {
  kind: ChatKind;
  /** Whether the chat's row exists: someone created it, or wrote in it. */
  exists: boolean;
  /** Direct chats: the two members of the id; the partner (null when not a member of the network). */
  memberIds: [string, string] | null;
  partner: ChatPartner | null;
  /** Group chats: the group (null when not in the network) and the actor's role in it. */
  group: { chatEnabled: boolean; archived: boolean } | null;
  role: GroupRole | null;
  settings: ChatSettings;
};

/** Whether a member may chat at all (members policy `chat`): guests only where the network lets them. */
export { mayChat };

/** Whether a member can be written to: not locked, one who signs in, and who may chat. */
function reachable(partner: ChatPartner | null, settings: ChatSettings): boolean {
  return !!partner && !partner.lockedAt && partner.kind === 'member' && mayChat(partner, settings);
}

export const chatPolicy = definePolicy<
  Actor,
  ChatSubject,
  'chat' | 'read' | 'start' | 'write' | 'update_messages' | 'destroy_messages'
>({
  chat: (actor, s) => mayChat(actor, s.settings),
  // A chat the actor is no member of does not exist for them.
  read: (actor, s, can) => {
    if (!can.chat) return false;
    if (s.kind === 'network') return true;
    if (s.kind === 'group') return !!s.group && s.group.chatEnabled && s.role !== null;
    return !!s.memberIds?.includes(actor.membershipId) && s.partner !== null && s.partner.id !== actor.membershipId;
  },
  // External members cannot start private chats; chats started by others go on.
  start: (actor, s, can) => !!can.read && (s.kind !== 'member' || s.exists || !actor.isExternal),
  write: (_actor, s, can) => {
    if (!can.start) return false;
    if (s.kind === 'group') return !s.group!.archived;
    if (s.kind === 'member') return reachable(s.partner, s.settings);
    return true;
  },
  update_messages: (_actor, s, can) => !!can.write && s.settings.chat_message_allow_update,
  destroy_messages: (_actor, s, can) => !!can.write && s.settings.chat_message_allow_destroy,
});

export type ChatAbilities = Record<(typeof chatPolicy.actions)[number], boolean>;

/** Why the actor may not see a chat, or null when they may. */
export function readRefusal(can: ChatAbilities): ChatError | null {
  if (!can.chat) return chatErrors.chatDisabled();
  return can.read ? null : chatErrors.notFound();
}

/** Why the actor may not write in a chat they read, or null when they may. */
export function writeRefusal(can: ChatAbilities): ChatError | null {
  if (!can.start) return chatErrors.externalCannotStart();
  return can.write ? null : chatErrors.noWritePermission();
}

/** A message as the edit rules see it. */
export type EditedMessage = { authorId: string; createdAt: Date; deletedAt: Date | null };

/** Whether the update period (minutes after sending) is over at `now`. */
export function updatePeriodEnded(createdAt: Date, minutes: number, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > minutes * 60_000;
}

/**
 * Why the actor may not edit (`update`) or delete (`destroy`) a message of a chat they read, or
 * null: only their own, only where the network allows it, only within the update period, and
 * a deleted message is not edited.
 */
export function editRefusal(
  actor: Actor,
  can: ChatAbilities,
  message: EditedMessage,
  action: 'update' | 'destroy',
  settings: ChatSettings,
  now: Date,
): ChatError | null {
  const refused = writeRefusal(can);
  if (refused) return refused;
  if (message.authorId !== actor.membershipId) return chatErrors.forbidden();
  if (action === 'update' && message.deletedAt) return chatErrors.forbidden();
  if (action === 'update' ? !can.update_messages : !can.destroy_messages) {
    return action === 'update' ? chatErrors.updateNotAllowed() : chatErrors.destroyNotAllowed();
  }
  const minutes = settings.chat_message_update_period_minutes;
  if (updatePeriodEnded(message.createdAt, minutes, now)) return chatErrors.updatePeriodEnded(minutes);
  return null;
}

/** Why a message's contents are refused, or null: some text or an attachment, within the caps. */
export function contentRefusal(
  content: { text: string; files: number; images: number },
  settings: ChatSettings,
): ChatError | null {
  if (!content.text.trim() && content.files === 0 && content.images === 0) return chatErrors.emptyMessage();
  if (content.files > settings.max_file_attachments) return chatErrors.maxFiles(settings.max_file_attachments);
  if (content.images > settings.max_image_attachments) {
    return chatErrors.maxImages(settings.max_image_attachments);
  }
  return null;
}

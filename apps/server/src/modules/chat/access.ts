import {
  chatKindOf,
  directChatId,
  directChatMembers,
  type ChatKind,
  type GroupRole,
  type NetworkSettings,
} from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import { rooms } from '../../platform/realtime/index.ts';
import type { GroupRow, GroupsService } from '../groups/index.ts';
import { membershipKey, type MembershipRow, type MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { chatErrors } from './errors.ts';
import { chatPolicy, readRefusal, writeRefusal, type ChatAbilities, type ChatSubject } from './policy.ts';
import type { ChatRepository, ChatRow, ListedChatRow } from './repository.ts';

/** A chat as one member sees it, with everything its rules and its presentation need. */
export type ChatContext = {
  actor: Actor;
  /** The public id: `member/{a}:{b}`, `group/{id}` or `network`. */
  key: string;
  kind: ChatKind;
  /** Null while nobody has created the chat (a group's or the network's before its first message). */
  row: ChatRow | null;
  /** The network's name (the network chat is named after it) and settings. */
  networkName: string;
  settings: NetworkSettings;
  group: GroupRow | null;
  role: GroupRole | null;
  memberIds: [string, string] | null;
  partner: MembershipRow | null;
  can: ChatAbilities;
  /** The actor's own membership, as their messages present their author (`loadForWrite` only). */
  author?: MembershipRow | null;
  /** The chat as the actor's list shows it (their state, the last message), read with the row (`load` asked for it). */
  listed?: ListedChatRow | null;
};

export type ChatNetwork = { name: string; settings: NetworkSettings };

export type ChatAccessDeps = {
  repository: ChatRepository;
  networks: NetworksService;
  members: MembersService;
  groups: GroupsService;
  /** Keeps who may write in which chat per process (`loadForWrite`); without it, each send reads it. */
  cache?: Pick<Cache, 'region'>;
};

/** The invalidation key of what is cached of a group for its chat (its row, its members' roles). */
export const chatGroupKey = (groupId: string) => `chat-group:${groupId}`;

/** Chats kept with a writer's right to write in them, per process. */
const CACHED_WRITERS = 20_000;

/** What a writer's chat is made of besides the network's settings and the actor (cached). */
type WriterParts = Pick<ChatContext, 'row' | 'group' | 'role' | 'partner' | 'author'>;

/** Chats kept with what a reader's right to read them rests on, per process. */
const CACHED_READERS = 20_000;

/** What the rules of a chat read besides its row, the network's settings and the actor (cached). */
type ReaderParts = Pick<ChatContext, 'group' | 'role' | 'partner'>;

/** The rules' view of a chat. */
export function subjectOf(
  parts: Pick<ChatContext, 'kind' | 'row' | 'settings' | 'group' | 'role' | 'memberIds' | 'partner'>,
): ChatSubject {
  return {
    kind: parts.kind,
    exists: parts.row !== null,
    memberIds: parts.memberIds,
    partner: parts.partner,
    group: parts.group,
    role: parts.role,
    settings: parts.settings,
  };
}

/**
 * The room of the network chat: the connections of members who may chat, not every one of the
 * network (`network:{id}`), which holds guests the network does not let chat.
 */
export const networkChatRoom = (networkId: string) => `chat:network:${networkId}`;

/** The rooms a chat's pushes go to: both members, the group's, or the network chat's. */
export function chatRooms(context: Pick<ChatContext, 'kind' | 'memberIds' | 'group' | 'actor'>): string[] {
  if (context.kind === 'member') return context.memberIds!.map(rooms.member);
  if (context.kind === 'group') return [rooms.group(context.group!.id)];
  return [networkChatRoom(context.actor.networkId)];
}

export function createChatAccess(deps: ChatAccessDeps) {
  const { repository } = deps;

  async function networkOf(networkId: string): Promise<ChatNetwork> {
    const network = await deps.networks.get(networkId);
    if (!network) throw new Error(`No network ${networkId}`);
    return { name: network.name, settings: deps.networks.settings(network) };
  }

  /**
   * The chat behind an id as the actor sees it; `chat_disabled` when the actor may not chat,
   * `not_found` for a chat they are no member of (whether it exists is not revealed).
   */
  async function load(
    actor: Actor,
    key: string,
    known?: ChatNetwork,
    /** Read the row as the list shows the chat (`listed`): one statement for what a chat's page shows. */
    withListing = false,
  ): Promise<ChatContext> {
    const kind = chatKindOf(key);
    const memberIds = kind === 'member' ? directChatMembers(key) : null;
    // One chat has one id: the two members in their fixed order.
    if (memberIds && directChatId(...memberIds) !== key) throw chatErrors.invalid({ chat_id: ['invalid'] });
    const partnerId = memberIds?.find((id) => id !== actor.membershipId) ?? null;
    const groupId = kind === 'group' ? key.slice('group/'.length) : null;
    const readRow = async (): Promise<{ row: ChatRow | undefined; listed?: ListedChatRow | null }> => {
      if (!withListing) return { row: await repository.findChat(actor.networkId, key) };
      const [listed] = await repository.listChats(actor.networkId, { member: actor.membershipId, key });
      return { row: listed?.chat, listed: listed ?? null };
    };
    const [network, read, shared] = await Promise.all([
      known ?? networkOf(actor.networkId),
      // The row is read each time: its numbers change with every message.
      readRow(),
      readerParts(actor, key, partnerId, groupId),
    ]);
    const parts = { kind, row: read.row ?? null, settings: network.settings, memberIds, ...shared };
    const can = abilities(chatPolicy, actor, subjectOf(parts));
    const refused = readRefusal(can);
    if (refused) throw refused;
    const context: ChatContext = { actor, key, networkName: network.name, ...parts, can };
    if (read.listed !== undefined) context.listed = read.listed;
    return context;
  }

  async function readParts(actor: Actor, partnerId: string | null, groupId: string | null): Promise<ReaderParts> {
    const [partner, group] = await Promise.all([
      partnerId ? deps.members.find(actor.networkId, partnerId) : undefined,
      groupId ? deps.groups.withRolesAndCategories(actor, [groupId]).then((found) => found.get(groupId)) : undefined,
    ]);
    return { group: group?.group ?? null, role: group?.role ?? null, partner: partner ?? null };
  }

  const readers = deps.cache?.region<ReaderParts>(CACHED_READERS);

  /**
   * The group with the reader's role, or the partner, from the per-process cache while they let
   * the reader read the chat; dropped, here and in every process, by the events that change them
   * (the same keys as the writers' below). What they allow is judged afresh each time, with the
   * network's settings. Parts that let nobody read are not kept, so a member added to a group
   * reads its chat at once.
   */
  async function readerParts(
    actor: Actor,
    key: string,
    partnerId: string | null,
    groupId: string | null,
  ): Promise<ReaderParts> {
    if (!readers || (!partnerId && !groupId)) return readParts(actor, partnerId, groupId);
    let fresh: ReaderParts | undefined;
    const cached = await readers.get(`${actor.membershipId}\u0000${key}`, async () => {
      fresh = await readParts(actor, partnerId, groupId);
      const { group, role, partner } = fresh;
      if (group && role !== null && group.chatEnabled) return { value: fresh, keys: [chatGroupKey(group.id)] };
      if (partner) return { value: fresh, keys: [membershipKey(partner.id)] };
      return null;
    });
    return fresh ?? cached!;
  }

  const writers = deps.cache?.region<WriterParts>(CACHED_WRITERS);

  /**
   * `load` for sending a message: the chat's row (for its id only: its numbers are read locked),
   * the group with the writer's role, the partner and the writer's own membership (the author
   * their messages are presented with) come from the per-process cache while the writer may
   * write there. An entry is dropped, here and in every process, by the events that
   * change who may write (group membership, roles, the group itself, the writer's or partner's
   * membership; see `chatCacheInvalidations`); the network's settings and the actor are checked
   * afresh each time. Only chats the writer may write in are kept, so one they are added to later
   * answers at once.
   */
  async function loadForWrite(actor: Actor, key: string): Promise<ChatContext> {
    if (!writers) return load(actor, key);
    let fresh: ChatContext | undefined;
    const [network, parts] = await Promise.all([
      networkOf(actor.networkId),
      writers.get(`${actor.membershipId}\u0000${key}`, async () => {
        const [loaded, author] = await Promise.all([
          load(actor, key),
          deps.members.find(actor.networkId, actor.membershipId),
        ]);
        fresh = { ...loaded, author: author ?? null };
        if (!fresh.row || writeRefusal(fresh.can)) return null;
        // The writer's membership key also drops their presentation (names, image) when it changes.
        const keys = [membershipKey(actor.membershipId)];
        if (fresh.partner) keys.push(membershipKey(fresh.partner.id));
        if (fresh.group) keys.push(chatGroupKey(fresh.group.id));
        const { row, group, role, partner } = fresh;
        return { value: { row, group, role, partner, author: fresh.author }, keys };
      }),
    ]);
    if (fresh) return fresh;
    const kind = chatKindOf(key);
    const all = {
      kind,
      memberIds: kind === 'member' ? directChatMembers(key) : null,
      settings: network.settings,
      ...parts!,
    };
    const can = abilities(chatPolicy, actor, subjectOf(all));
    const refused = readRefusal(can);
    if (refused) throw refused;
    return { actor, key, networkName: network.name, ...all, can };
  }

  return {
    networkOf,
    load,
    loadForWrite,

    /** Whether the actor may chat at all (members policy `chat`). */
    async canChat(actor: Actor, known?: ChatNetwork): Promise<boolean> {
      const { settings } = known ?? (await networkOf(actor.networkId));
      return abilities(chatPolicy, actor, { ...EMPTY_SUBJECT, settings }).chat;
    },

    /** A chat the actor may write in; the refusal says why not. */
    async loadWritable(actor: Actor, key: string): Promise<ChatContext> {
      const context = await load(actor, key);
      const refused = writeRefusal(context.can);
      if (refused) throw refused;
      return context;
    },

    /** A chat the actor reads that has a row: one without has no messages to act on. */
    async loadExisting(actor: Actor, key: string): Promise<ChatContext & { row: ChatRow }> {
      const context = await load(actor, key);
      if (!context.row) throw chatErrors.notFound();
      return context as ChatContext & { row: ChatRow };
    },

    /** Makes the chat's row when missing (in the caller's transaction); says whether it was made. */
    async ensureRow(tx: Db, context: ChatContext): Promise<{ row: ChatRow; created: boolean }> {
      if (context.row) return { row: context.row, created: false };
      return repository.ensureChat(tx, {
        networkId: context.actor.networkId,
        key: context.key,
        kind: context.kind,
        groupId: context.group?.id ?? null,
        memberA: context.memberIds?.[0] ?? null,
        memberB: context.memberIds?.[1] ?? null,
      });
    },
  };
}

const EMPTY_SUBJECT: Omit<ChatSubject, 'settings'> = {
  kind: 'network',
  exists: true,
  memberIds: null,
  partner: null,
  group: null,
  role: null,
};

export type ChatAccess = ReturnType<typeof createChatAccess>;

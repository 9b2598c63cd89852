import {
  chatKindOf,
  directChatMembers,
  groupChatId,
  NETWORK_CHAT_ID,
  type Chat,
  type ChatKind,
  type ChatStatus,
  type MyChatsAnswer,
} from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import type { GroupRow, GroupsService } from '../groups/index.ts';
import type { MembershipRow, MembersService } from '../members/index.ts';
import { subjectOf, type ChatAccess, type ChatContext, type ChatNetwork } from './access.ts';
import { chatErrors } from './errors.ts';
import { chatPolicy } from './policy.ts';
import { presentChat, type ChatView } from './present.ts';
import type { ChatRepository, ListedChatRow } from './repository.ts';

/** The presence of some members as others see them (the presence module's), keyed by member id. */
export type StatusOf = (networkId: string, memberIds: string[]) => Promise<Map<string, ChatStatus>>;

export type ChatsViewDeps = {
  repository: ChatRepository;
  access: ChatAccess;
  members: MembersService;
  groups: GroupsService;
  statusOf?: StatusOf | undefined;
};

/** A chat of a member: its id and who or what it is with. */
export type ChatRef = { id: string; kind: ChatKind; partnerId: string | null; groupId: string | null };

const partnerOf = (me: string, key: string) => directChatMembers(key)?.find((id) => id !== me) ?? null;

export function createChatsView(deps: ChatsViewDeps) {
  const { repository } = deps;

  async function statuses(networkId: string, memberIds: string[]): Promise<Map<string, ChatStatus>> {
    if (!deps.statusOf || memberIds.length === 0) return new Map();
    return deps.statusOf(networkId, memberIds);
  }

  /**
   * Presents listed chats (and chats without a row) with one query for the names of partners
   * and last authors and one for the partners' presence.
   */
  async function present(
    actor: Actor,
    network: ChatNetwork,
    entries: Array<{ key: string; listed: ListedChatRow | null }>,
    groups: Map<string, { group: GroupRow; role: ChatContext['role'] }>,
  ): Promise<Chat[]> {
    const me = actor.membershipId;
    const partnerIds = entries.flatMap(({ key }) => partnerOf(me, key) ?? []);
    const authorIds = entries.flatMap(({ listed }) => (listed?.lastMessage ? [listed.lastMessage.authorId] : []));
    const [members, status] = await Promise.all([
      deps.members.findMany(actor.networkId, [...new Set([...partnerIds, ...authorIds])]),
      statuses(actor.networkId, [...new Set(partnerIds)]),
    ]);
    const byId = new Map<string, MembershipRow>(members.map((m) => [m.id, m]));
    const chats: Chat[] = [];
    for (const { key, listed } of entries) {
      const kind = chatKindOf(key);
      const partnerId = partnerOf(me, key);
      const group = kind === 'group' ? (groups.get(key.slice('group/'.length)) ?? null) : null;
      const parts = {
        kind,
        row: listed?.chat ?? null,
        settings: network.settings,
        group: group?.group ?? null,
        role: group?.role ?? null,
        memberIds: directChatMembers(key),
        partner: (partnerId && byId.get(partnerId)) || null,
      };
      const can = abilities(chatPolicy, actor, subjectOf(parts));
      // A direct chat whose partner left the network, say, is no longer listed.
      if (!can.read) continue;
      const view: ChatView = {
        key,
        kind,
        networkName: network.name,
        group: parts.group,
        partner: parts.partner,
        row: parts.row,
        listed,
        can,
        status: partnerId ? (status.get(partnerId) ?? null) : null,
      };
      chats.push(presentChat(view, byId));
    }
    return chats;
  }

  return {
    /** One chat as the actor of its context sees it (its row as loaded, or none yet). */
    async chatFor(context: ChatContext): Promise<Chat> {
      const { actor } = context;
      // Read with the row where the context was loaded with its listing.
      const [listed] =
        context.listed !== undefined
          ? [context.listed]
          : context.row
            ? await repository.listChats(actor.networkId, { member: actor.membershipId, key: context.key })
            : [];
      const groups = new Map(context.group ? [[context.group.id, { group: context.group, role: context.role }]] : []);
      const network = { name: context.networkName, settings: context.settings };
      const [chat] = await present(actor, network, [{ key: context.key, listed: listed ?? null }], groups);
      if (!chat) throw chatErrors.notFound();
      return chat;
    },

    /**
     * `my_chats`: the actor's direct chats, the chats of the chat-enabled groups they belong to
     * and the network chat, last interacted with first. Chats never interacted with (also
     * those without a row yet) come after all others, on the last page.
     */
    async myChats(actor: Actor, page: { before?: string | undefined; limit: number }): Promise<MyChatsAnswer> {
      const [network, memberOf] = await Promise.all([
        deps.access.networkOf(actor.networkId),
        deps.groups.chatGroupsOf(actor.networkId, actor.membershipId),
      ]);
      if (!(await deps.access.canChat(actor, network))) throw chatErrors.chatDisabled();
      const groups = new Map(memberOf.map((g) => [g.group.id, g]));
      const keys = [...memberOf.map((g) => groupChatId(g.group.id)), NETWORK_CHAT_ID];
      const member = actor.membershipId;
      const before = page.before ? new Date(page.before) : null;
      const interacted = await repository.listChats(actor.networkId, {
        member,
        keys,
        interacted: { before, limit: page.limit + 1 },
      });
      const hasMore = interacted.length > page.limit;
      const entries: Array<{ key: string; listed: ListedChatRow | null }> = interacted
        .slice(0, page.limit)
        .map((listed) => ({ key: listed.chat.key, listed }));
      if (!hasMore) {
        const [idle, existing] = await Promise.all([
          repository.listChats(actor.networkId, { member, keys, interacted: false }),
          repository.existingKeys(actor.networkId, keys),
        ]);
        entries.push(...idle.map((listed) => ({ key: listed.chat.key, listed })));
        entries.push(...keys.filter((key) => !existing.has(key)).map((key) => ({ key, listed: null })));
      }
      return { chats: await present(actor, network, entries, groups), has_more: hasMore };
    },

    /** Every chat of the actor: direct chats, chat-enabled groups' and the network's (presence, say). */
    async chatsOf(actor: Actor): Promise<ChatRef[]> {
      const [direct, memberOf] = await Promise.all([
        repository.directChatsOf(actor.networkId, actor.membershipId),
        deps.groups.chatGroupsOf(actor.networkId, actor.membershipId),
      ]);
      return [
        ...direct.map((row) => ({
          id: row.key,
          kind: 'member' as const,
          partnerId: partnerOf(actor.membershipId, row.key),
          groupId: null,
        })),
        ...memberOf.map(({ group }) => ({
          id: groupChatId(group.id),
          kind: 'group' as const,
          partnerId: null,
          groupId: group.id,
        })),
        { id: NETWORK_CHAT_ID, kind: 'network' as const, partnerId: null, groupId: null },
      ];
    },
  };
}

export type ChatsView = ReturnType<typeof createChatsView>;

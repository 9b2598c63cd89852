import type { Services } from '../app.ts';

export type LargeChatOptions = {
  /** The large network's members (seedLarge's), by index. */
  memberIds: string[];
  chats: number;
  /** Members per chat. */
  size: number;
  /** The chats' group category (the chat benchmark's by default). */
  category?: { slug: string; name: string; pluralName: string };
  /**
   * Also a direct chat of each member with the next one of their group (a ring: two partners
   * each), whose list shows the partner's presence.
   */
  directChats?: boolean;
};

export type LargeChatResult = {
  /** Each chat's group and its members' indexes (their addresses are largeEmail(index)). */
  chats: Array<{ groupId: string; memberIndexes: number[] }>;
};

/** seedLarge makes every 50th member external; they may not chat where guests may not. */
const isExternal = (index: number) => index % 50 === 49;

/**
 * The chat benchmark's chats: `chats` groups of `size` members each, their chat enabled, each
 * member in one of them. Members are taken from the second on, leaving out externals.
 */
export async function seedLargeChat(
  services: Services,
  networkId: string,
  options: LargeChatOptions,
): Promise<LargeChatResult> {
  const needed = options.chats * options.size;
  const indexes: number[] = [];
  for (let i = 1; i < options.memberIds.length && indexes.length < needed; i++) if (!isExternal(i)) indexes.push(i);
  if (indexes.length < needed) {
    throw new Error(`${needed} chatting members need a network of about ${Math.ceil((needed * 50) / 49) + 1} members`);
  }
  const { slug, name, pluralName } = options.category ?? {
    slug: 'chat-bench',
    name: 'Chat team',
    pluralName: 'Chat teams',
  };
  const [category] = await services.groups.createCategories(networkId, [{ slug, name, pluralName, position: 9 }]);
  const groups = await services.groups.createGroups(
    networkId,
    Array.from({ length: options.chats }, (_, c) => ({
      groupCategoryId: category!.id,
      slug: options.category ? `${slug}-${c}` : `chat-${c}`,
      name: options.category ? `${name} ${c}` : `Chat ${c}`,
      chatEnabled: true,
    })),
  );
  const chats = groups.map((group, c) => ({
    groupId: group.id,
    memberIndexes: indexes.slice(c * options.size, (c + 1) * options.size),
  }));
  const entries = chats.flatMap((chat) =>
    chat.memberIndexes.map((index, k) => ({
      groupId: chat.groupId,
      membershipId: options.memberIds[index]!,
      role: k === 0 ? ('admin' as const) : ('member' as const),
    })),
  );
  for (let i = 0; i < entries.length; i += 1000)
    await services.groups.addMembers(networkId, entries.slice(i, i + 1000));
  if (options.directChats) await seedDirectRings(services, networkId, chats, options.memberIds);
  return { chats };
}

/** A direct chat of each member of a chat with the next one (the last with the first). */
async function seedDirectRings(
  services: Services,
  networkId: string,
  chats: LargeChatResult['chats'],
  memberIds: string[],
): Promise<void> {
  const ids = chats.flatMap((chat) => chat.memberIndexes.map((index) => memberIds[index]!));
  const rows = new Map((await services.members.findMany(networkId, ids)).map((row) => [row.id, row]));
  const pairs: Array<[number, number]> = [];
  for (const { memberIndexes: m } of chats) {
    // Two members share one chat; more make a ring.
    const count = m.length < 2 ? 0 : m.length === 2 ? 1 : m.length;
    for (let k = 0; k < count; k++) pairs.push([m[k]!, m[(k + 1) % m.length]!]);
  }
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < pairs.length; i = next++) {
      const [from, to] = pairs[i]!;
      const actor = services.members.actorFor(rows.get(memberIds[from]!)!, 'seed', null);
      await services.chat.createChat(actor, { type: 'member', id: memberIds[to]! });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

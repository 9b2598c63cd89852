import type { Services } from '../app.ts';

export type LargeChatOptions = {
  /** The large network's members (seedLarge's), by index. */
  memberIds: string[];
  chats: number;
  /** Members per chat. */
  size: number;
  /** The chats' group category (the chat benchmark's by default). */
  category?: { slug: string; name: string; pluralName: string };
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
  return { chats };
}

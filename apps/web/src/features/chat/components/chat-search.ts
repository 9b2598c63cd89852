import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CHAT_TIMINGS,
  MEMBER_SEARCH_MIN_CHARS,
  type DirectoryGroupOption,
  type DirectoryResult,
  type MemberOption,
} from '@agora/contracts';
import { api } from '../../../app/api-client.ts';
import { memberSearchQuery } from '../../../ui/member-search.ts';

/** `GET /directory?q&only_my_groups&only_chat_enabled`: the groups whose chat the member may open. */
export function chatDirectoryPath(q: string): string {
  return `/directory?${new URLSearchParams({ q, only_my_groups: 'true', only_chat_enabled: 'true' }).toString()}`;
}

function chatDirectoryQuery(q: string) {
  const path = chatDirectoryPath(q);
  return queryOptions({
    queryKey: ['chat', 'directory', path],
    queryFn: ({ signal }) => api<DirectoryResult>(path, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export type ChatSearchEntry =
  | { type: 'group'; id: string; name: string; category: string; group: DirectoryGroupOption }
  | { type: 'member'; id: string; name: string; image: string | null; member: MemberOption };

/**
 * Whom a new chat can be with (spec 2): my chat-enabled groups, and members when I may start
 * private chats (not external members). Typing waits 300 ms before asking (spec 9).
 */
export function useChatSearch(text: string, options: { members: boolean; me: string | null }) {
  const [q] = useDebouncedValue(text.trim(), CHAT_TIMINGS.directorySearchDebounceMs);
  const groups = useQuery(chatDirectoryQuery(q));
  const searchMembers = options.members && q.length >= MEMBER_SEARCH_MIN_CHARS;
  const members = useQuery({ ...memberSearchQuery(q), enabled: searchMembers });
  const entries: ChatSearchEntry[] = [
    ...(searchMembers ? (members.data?.members ?? []) : [])
      .filter((member) => member.id !== options.me)
      .map((member): ChatSearchEntry => ({
        type: 'member',
        id: member.id,
        name: member.displayName,
        image: member.images.small,
        member,
      })),
    ...(groups.data?.groups ?? []).map((group): ChatSearchEntry => ({
      type: 'group',
      id: group.id,
      name: group.name,
      category: group.category.name,
      group,
    })),
  ];
  return {
    entries,
    isLoading: groups.isFetching || (searchMembers && members.isFetching),
    error: groups.error ?? members.error,
    tooShortForMembers: options.members && q.length > 0 && q.length < MEMBER_SEARCH_MIN_CHARS,
  };
}

import {
  MEMBER_SEARCH_MIN_CHARS,
  type DirectoryQuery,
  type DirectoryResult,
  type MemberSearchQuery,
  type MemberSearchResult,
  type NetworkSettings,
} from '@agora/contracts';
import { forbidden } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { presentMemberOption, searchTerms } from '../members/index.ts';
import type { MessagesDeps } from './deps.ts';
import { isNetworkWideSender, maySendDirectMessages } from './policy.ts';

/**
 * The composer's pickers: the members and groups the actor may write to, as the send checks
 * them (everyone they can see for a network-wide sender, else the members of the groups they
 * administrate and those groups). Answering a conversation may reach others; the send allows it.
 */
export function createRecipientSearch(
  deps: Pick<MessagesDeps, 'members' | 'groups'>,
  settingsOf: (networkId: string) => Promise<NetworkSettings>,
) {
  async function scope(actor: Actor) {
    const settings = await settingsOf(actor.networkId);
    if (!maySendDirectMessages(actor, settings)) throw forbidden();
    return { settings, wide: isNetworkWideSender(actor, settings) };
  }

  return {
    async members(actor: Actor, query: MemberSearchQuery): Promise<MemberSearchResult> {
      const page = { limit: query.limit, offset: query.offset };
      const { settings, wide } = await scope(actor);
      if (query.q.trim().length < MEMBER_SEARCH_MIN_CHARS || searchTerms(query.q).terms.length === 0) {
        return { members: [], total: 0, ...page };
      }
      const found = await deps.members.search(actor, {
        q: query.q,
        includeConsumers: false,
        onlyIds: wide ? undefined : deps.groups.administeredMemberIdsQuery(actor.membershipId),
        sort: settings.directory_default_sort,
        ...page,
      });
      return { members: found.rows.map(presentMemberOption), total: found.total, ...page };
    },

    async groups(actor: Actor, query: DirectoryQuery): Promise<DirectoryResult> {
      const { wide } = await scope(actor);
      const groups = await deps.groups.directoryGroups(actor, {
        terms: searchTerms(query.q).terms,
        onlyMine: query.only_my_groups,
        onlyChatEnabled: false,
        onlyAdministered: !wide,
        limit: query.limit,
      });
      return { groups, membership_roles: [], limit: query.limit };
    },
  };
}

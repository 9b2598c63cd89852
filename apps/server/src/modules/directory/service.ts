import {
  MEMBER_SEARCH_MIN_CHARS,
  type DirectoryQuery,
  type DirectoryResult,
  type DirectoryRoleOption,
  type MemberSearchQuery,
  type MemberSearchResult,
} from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { GroupInvitesService } from '../group-invites/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { presentDirectoryRole, type MembershipRolesService } from '../membership-roles/index.ts';
import { presentMemberOption, searchTerms, type MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { createCategoryTab } from './category-tab.ts';
import { createMemberList } from './member-list.ts';

export type DirectoryService = ReturnType<typeof createDirectoryService>;

export type DirectoryDeps = {
  members: MembersService;
  groups: GroupsService;
  groupInvites: GroupInvitesService;
  membershipRoles: MembershipRolesService;
  networks: NetworksService;
};

/**
 * Group roles are checked against the groups after loading (hidden groups hide their roles), so a
 * few more are loaded than asked for; roles of hidden groups are rare enough for this margin.
 */
const ROLE_MARGIN = 20;

/** The pickers' searches: members (MemberSelect) and groups with membership roles (DirectorySelect). */
export function createDirectoryService(deps: DirectoryDeps) {
  async function sortOf(networkId: string) {
    const network = await deps.networks.get(networkId);
    return network ? deps.networks.settings(network).directory_default_sort : 'last_name';
  }

  return {
    ...createMemberList(deps),
    ...createCategoryTab(deps),
    /** `GET /members?q=`, or with `withinGroupId` the members of that (readable) group. */
    async searchMembers(actor: Actor, query: MemberSearchQuery, withinGroupId?: string): Promise<MemberSearchResult> {
      const page = { limit: query.limit, offset: query.offset };
      const excluded = query.exclude_group_members_of
        ? await deps.groups.loadByIdForActor(actor, query.exclude_group_members_of)
        : null;
      // Checked here too, to spare the network's sort setting a query.
      const tooShort = query.q.trim().length < MEMBER_SEARCH_MIN_CHARS || searchTerms(query.q).terms.length === 0;
      if (tooShort) return { members: [], total: 0, ...page };
      const found = await deps.members.search(actor, {
        q: query.q,
        includeConsumers: query.include_consumers,
        onlyIds: withinGroupId ? deps.groups.memberIdsQuery(withinGroupId) : undefined,
        exceptIds: excluded ? deps.groups.memberIdsQuery(excluded.group.id) : undefined,
        sort: await sortOf(actor.networkId),
        ...page,
      });
      return { members: found.rows.map(presentMemberOption), total: found.total, ...page };
    },

    /** `GET /directory`: readable groups and, when asked, membership roles, matching the words typed. */
    async directory(actor: Actor, query: DirectoryQuery): Promise<DirectoryResult> {
      const { terms } = searchTerms(query.q);
      const groups = await deps.groups.directoryGroups(actor, {
        terms,
        onlyMine: query.only_my_groups,
        onlyChatEnabled: query.only_chat_enabled,
        limit: query.limit,
      });
      const roles = query.include_membership_roles ? await searchRoles(actor, terms, query.limit) : [];
      return { groups, membership_roles: roles, limit: query.limit };
    },
  };

  async function searchRoles(actor: Actor, terms: string[], limit: number): Promise<DirectoryRoleOption[]> {
    const rows = await deps.membershipRoles.search(actor.networkId, terms, limit + ROLE_MARGIN);
    const groupIds = rows.flatMap((r) => (r.groupId ? [r.groupId] : []));
    const readable = await deps.groups.readableAmong(actor, groupIds);
    return rows
      .filter((r) => r.groupId === null || readable.has(r.groupId))
      .slice(0, limit)
      .map((r) => presentDirectoryRole(r, r.groupId ? readable.get(r.groupId)! : null));
  }
}

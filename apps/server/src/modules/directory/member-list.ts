import {
  DIRECTORY_FILTER_OPTIONS_LIMIT,
  DIRECTORY_FILTER_PARAM,
  DIRECTORY_MEMBERS_PER_PAGE,
  type DirectoryFilter,
  type DirectoryMembersQuery,
  type DirectoryMembersResult,
} from '@agora/contracts';
import { LRUCache } from 'lru-cache';
import type { Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { FilterOptionRow, MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { presentDirectoryMember } from './present.ts';

type Deps = { members: MembersService; groups: GroupsService; networks: NetworksService };

/**
 * How long the filters' values are kept. Counting them reads every member's profile (about
 * 100 ms for 10,000 members on PostgreSQL, more than the page itself), while they change only
 * when a profile does; a value changed meanwhile shows up in the selects within this time.
 */
const FILTER_OPTIONS_TTL_MS = 60_000;

/** The filters asked for (`filter[<field>]=<value>`) among the fields the network filters by. */
export function chosenFilters(query: Record<string, unknown>, filterFields: string[]): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const [key, raw] of Object.entries(query)) {
    const field = DIRECTORY_FILTER_PARAM.exec(key)?.[1];
    if (!field || !filterFields.includes(field) || typeof raw !== 'string') continue;
    const value = raw.trim();
    if (value !== '') chosen.set(field, value);
  }
  return chosen;
}

/** Each filter field's values, by value in the member's language; the chosen one is always offered. */
function filtersOf(fields: string[], rows: FilterOptionRow[], chosen: Map<string, string>, locale: string) {
  const collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base', numeric: true });
  return fields.map((field): DirectoryFilter => {
    const options = rows.filter((row) => row.field === field).map(({ value, count }) => ({ value, count }));
    const value = chosen.get(field) ?? null;
    if (value !== null && !options.some((option) => option.value === value)) options.push({ value, count: 0 });
    options.sort((a, b) => collator.compare(a.value, b.value));
    return { field, value, options };
  });
}

/** `GET /directory/members`: the members tab, and a group's members with `group_slug`. */
export function createMemberList(deps: Deps) {
  // Per process, by network, group and filter fields.
  const optionsCache = new LRUCache<string, FilterOptionRow[]>({ max: 2000, ttl: FILTER_OPTIONS_TTL_MS });
  async function filterOptions(
    networkId: string,
    fields: string[],
    group: { id: string } | null,
    includeLocked: boolean,
  ) {
    const key = `${networkId}:${group?.id ?? ''}:${includeLocked ? 'l' : ''}:${fields.join(',')}`;
    const cached = optionsCache.get(key);
    if (cached) return cached;
    const rows = await deps.members.directoryFilterOptions(
      networkId,
      fields,
      DIRECTORY_FILTER_OPTIONS_LIMIT,
      group ? deps.groups.memberIdsQuery(group.id) : undefined,
      includeLocked,
    );
    optionsCache.set(key, rows);
    return rows;
  }

  return {
    async members(actor: Actor, query: DirectoryMembersQuery): Promise<DirectoryMembersResult> {
      // A hidden group is a 404 for outsiders, as everywhere.
      const group = query.group_slug ? (await deps.groups.loadForActor(actor, query.group_slug)).group : null;
      const network = await deps.networks.get(actor.networkId);
      const settings = deps.networks.settings(network!);
      const fields = settings.directory_profile_fields;
      const filterFields = settings.directory_filter_profile_fields;
      const chosen = chosenFilters(query, filterFields);
      const sort = query.sort ?? settings.directory_default_sort;
      const onlyIds = group ? deps.groups.memberIdsQuery(group.id) : undefined;
      const includeLocked = settings.show_locked_memberships;
      const list = await deps.members.directoryList(actor.networkId, {
        q: query.q,
        filters: [...chosen],
        onlyIds,
        includeLocked,
        sort,
        limit: DIRECTORY_MEMBERS_PER_PAGE,
        offset: (query.page - 1) * DIRECTORY_MEMBERS_PER_PAGE,
      });
      const options = await filterOptions(actor.networkId, filterFields, group, includeLocked);
      return {
        members: list.rows.map((row) => presentDirectoryMember(row, fields)),
        total: list.total,
        page: query.page,
        per_page: DIRECTORY_MEMBERS_PER_PAGE,
        sort,
        profile_fields: fields,
        filters: filtersOf(filterFields, options, chosen, actor.locale ?? network!.language),
        group: group ? { id: group.id, slug: group.slug, name: group.name } : null,
      };
    },
  };
}

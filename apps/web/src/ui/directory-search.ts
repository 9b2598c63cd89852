import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DirectoryGroupOption, DirectoryResult, DirectoryRoleOption } from '@agora/contracts';
import { api } from '../app/api-client.ts';

export type DirectoryOption = DirectoryGroupOption | DirectoryRoleOption;

/** The same search delay as the spec's other directory search (chat, 300 ms). */
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 300;

/** Groups and membership roles share one list, so each is known by its type and id. */
export function directoryOptionKey(option: Pick<DirectoryOption, 'type' | 'id'>): string {
  return `${option.type}:${option.id}`;
}

/**
 * `GET /directory?q=&include_membership_roles=` (calendars spec, section 7), or another call that
 * answers as it does (`base`), such as the message composer's groups.
 */
export function directorySearchPath(q: string, includeMembershipRoles: boolean, base = '/directory'): string {
  const search = new URLSearchParams({ q });
  if (includeMembershipRoles) search.set('include_membership_roles', 'true');
  return `${base}?${search.toString()}`;
}

export function directorySearchQuery(q: string, includeMembershipRoles: boolean, base?: string) {
  const path = directorySearchPath(q, includeMembershipRoles, base);
  return queryOptions({
    queryKey: ['directory-search', path],
    queryFn: ({ signal }) => api<DirectoryResult>(path, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** The options of an answer in the dropdown's sections: one per group category, then the roles. */
export function directorySections(
  result: DirectoryResult | undefined,
  rolesLabel: string,
): Array<{ key: string; label: string; options: DirectoryOption[] }> {
  if (!result) return [];
  const sections = new Map<string, { key: string; label: string; options: DirectoryOption[] }>();
  for (const group of result.groups) {
    const section = sections.get(group.category.id) ?? {
      key: group.category.id,
      label: group.category.name,
      options: [],
    };
    section.options.push(group);
    sections.set(group.category.id, section);
  }
  const ordered = [...sections.values()].sort((a, b) => a.label.localeCompare(b.label));
  if (result.membership_roles.length > 0)
    ordered.push({ key: 'membership_roles', label: rolesLabel, options: result.membership_roles });
  return ordered;
}

import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { createDirectoryRepository, type DirectoryMemberRow, type FilterOptionRow } from './directory-repository.ts';
import { searchTerms } from './service.ts';

export type DirectoryListOptions = {
  q: string;
  filters: Array<[field: string, value: string]>;
  /** Membership ids (a group's members, from the groups module) the list keeps to. */
  onlyIds?: SQLWrapper | undefined;
  /** Locked members too, marked (the network's `show_locked_memberships`); deleted ones never. */
  includeLocked?: boolean | undefined;
  sort: 'first_name' | 'last_name';
  limit: number;
  offset: number;
};

export type { DirectoryMemberRow, FilterOptionRow };

/** The directory's member list: the members service's part for it. */
export function createMemberDirectory(db: Db) {
  const repository = createDirectoryRepository(db);
  return {
    /** A page of the listable members of a network, matching words and filters. */
    directoryList(networkId: string, options: DirectoryListOptions) {
      const { terms, phrase } = searchTerms(options.q);
      return repository.list({ networkId, terms, phrase, ...options });
    },
    /** The values members have in some profile fields, for the directory's filter selects. */
    directoryFilterOptions(
      networkId: string,
      fields: string[],
      perField: number,
      onlyIds?: SQLWrapper,
      includeLocked = false,
    ) {
      return repository.filterOptions(networkId, fields, perField, onlyIds, includeLocked);
    },
  };
}

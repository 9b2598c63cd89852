import type { Cache } from '../../platform/cache/index.ts';
import type { EventInput } from '../../platform/events/types.ts';
import { GROUP_CATEGORY_ADMIN_APPOINTED, GROUP_CATEGORY_ADMIN_REMOVED } from './category-admins.ts';
import { GROUP_CATEGORY_CREATED, GROUP_CATEGORY_REORDERED, GROUP_CATEGORY_UPDATED } from './categories.ts';
import { GROUP_CREATED, GROUP_DESTROYED, GROUP_UPDATED } from './lifecycle.ts';
import { GROUP_MEMBERSHIP_EVENTS } from './membership-events.ts';
import type { createGroupsRepository, GroupCategoryRow } from './repository.ts';

/** What a member administrates: categories, and categories with a group of theirs (ids). */
export type AdministrationSets = { categoryAdmin: ReadonlySet<string>; groupAdmin: ReadonlySet<string> };

/** The invalidation key of a network's categories and of where its groups are (every set depends on it). */
export const groupStructureKey = (networkId: string) => `group_structure:${networkId}`;
/** The invalidation key of what a member administrates in groups and categories. */
export const groupRolesKey = (membershipId: string) => `group_roles:${membershipId}`;

const ofNetwork = (event: EventInput) => [groupStructureKey(event.networkId)];
const ofMember = (event: EventInput) => {
  const id = event.changes?.membership_id;
  return typeof id === 'string' ? [groupRolesKey(id)] : [];
};

/**
 * The events that change the cached sets: a category made, renamed or moved, a group made (its
 * creator is its admin), moved to another category or deleted drop the network's key; a member
 * appointed or removed as admin of a group or category, joining or leaving, drops theirs.
 */
export const groupCacheInvalidations: Readonly<Record<string, (event: EventInput) => readonly string[]>> = {
  [GROUP_CATEGORY_CREATED]: ofNetwork,
  [GROUP_CATEGORY_UPDATED]: ofNetwork,
  [GROUP_CATEGORY_REORDERED]: ofNetwork,
  [GROUP_CREATED]: ofNetwork,
  [GROUP_UPDATED]: ofNetwork,
  [GROUP_DESTROYED]: ofNetwork,
  [GROUP_MEMBERSHIP_EVENTS.joined]: ofMember,
  [GROUP_MEMBERSHIP_EVENTS.left]: ofMember,
  [GROUP_MEMBERSHIP_EVENTS.adminAppointed]: ofMember,
  [GROUP_MEMBERSHIP_EVENTS.adminRemoved]: ofMember,
  [GROUP_CATEGORY_ADMIN_APPOINTED]: ofMember,
  [GROUP_CATEGORY_ADMIN_REMOVED]: ofMember,
};

export type AdministrationCache = ReturnType<typeof createAdministrationCache>;

const CACHED_NETWORKS = 1_000;
const CACHED_MEMBERS = 50_000;

/**
 * The network's categories and what each member administrates in them, read by the network
 * shell on every page load and by every group page: kept per process, dropped in every process
 * by the events above. Without a cache (seeds, some tests) they are read each time.
 */
export function createAdministrationCache(
  repository: ReturnType<typeof createGroupsRepository>,
  cache?: Pick<Cache, 'region' | 'invalidate'>,
) {
  const categories = cache?.region<GroupCategoryRow[]>(CACHED_NETWORKS);
  const sets = cache?.region<AdministrationSets>(CACHED_MEMBERS);
  return {
    /** The network's categories in order; shared by their readers, who must not change them. */
    async categories(networkId: string): Promise<GroupCategoryRow[]> {
      const load = async () => ({
        value: await repository.categories(networkId),
        keys: [groupStructureKey(networkId)],
      });
      return categories ? (await categories.get(networkId, load))! : (await load()).value;
    },
    async of(networkId: string, membershipId: string): Promise<AdministrationSets> {
      const load = async () => ({
        value: await repository.administrationOf(membershipId),
        keys: [groupRolesKey(membershipId), groupStructureKey(networkId)],
      });
      return sets ? (await sets.get(membershipId, load))! : (await load()).value;
    },
    /** For writes without an event (seeds and tests adding members and admins directly). */
    changed(networkId: string, membershipIds: readonly string[]): void {
      cache?.invalidate([groupStructureKey(networkId), ...membershipIds.map(groupRolesKey)]);
    },
  };
}

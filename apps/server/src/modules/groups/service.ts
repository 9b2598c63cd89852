import {
  idSchema,
  USERBAR_GROUPS_LIMIT,
  type DirectoryGroupOption,
  type GroupAccess,
  type GroupRole,
  type ThemeInput,
  type UserbarGroups,
} from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { createAdministrationCache } from './administration-cache.ts';
import { createCategoryAdmins } from './category-admins.ts';
import { createCategoryAdministration } from './categories.ts';
import { createGroupLifecycle, GROUP_CREATED } from './lifecycle.ts';
import { groupStorageOwner } from './storage-owner.ts';
import { createCategoryDirectory } from './category-directory.ts';
import { createMemberGroups } from './member-groups.ts';
import { createContentGroups } from './stream-groups.ts';
import { createGroupMembership } from './membership-service.ts';
import { createGroupSearchRepository } from './search-repository.ts';
import { groupSearchSource, type GroupPostCounts } from './search-source.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import { presentDirectoryGroup, presentShellCategory, presentUserbarGroups } from './present.ts';
import { createGroupsRepository, type GroupRow } from './repository.ts';

export type GroupsService = ReturnType<typeof createGroupsService>;

export type NewGroupCategory = {
  slug: string;
  name: string;
  pluralName: string;
  color?: string;
  position?: number;
  theme?: ThemeInput;
};
export type NewGroup = {
  groupCategoryId: string;
  slug: string;
  name: string;
  access?: GroupAccess;
  teaser?: string;
  moderatedJoin?: boolean;
  externallyVisible?: boolean;
  chatEnabled?: boolean;
  archived?: boolean;
  theme?: ThemeInput;
  description?: string;
  sensitive?: boolean;
  activeMainGroup?: boolean;
  membersCanInvite?: boolean;
  invitesRestricted?: boolean;
};

export type DirectoryGroupsOptions = {
  terms: string[];
  onlyMine: boolean;
  onlyChatEnabled: boolean;
  onlyAdministered?: boolean;
  limit: number;
};

/** A group with a member's role in it and its category's name. */
export type GroupWithRole = { group: GroupRow; role: GroupRole | null; categoryName: string };

/** More groups than anyone belongs to: the digests' picker lists them all. */
const MEMBER_GROUPS_LIMIT = 1000;

export function createGroupsService(
  db: Db,
  events: Pick<Events, 'transaction' | 'record'>,
  options: { storage?: Pick<Storage, 'attach'>; cache?: Pick<Cache, 'region' | 'invalidate'> } = {},
) {
  const repository = createGroupsRepository(db);
  const administration = createAdministrationCache(repository, options.cache);
  const categoryAdministration = createCategoryAdministration({ repository, events, administration });
  const membership = createGroupMembership(db, events);

  async function recordCreated(tx: Db, actor: Actor | null, created: GroupRow[]) {
    await events.record(
      tx,
      ...created.map((group) => ({
        networkId: group.networkId,
        type: GROUP_CREATED,
        actorId: actor?.membershipId ?? null,
        subject: { type: 'group', id: group.id },
        context: { type: 'group_category', id: group.groupCategoryId },
        changes: { name: group.name, slug: group.slug },
      })),
    );
  }

  /** Whether the actor administrates the group's category (none asked for network admins). */
  async function isCategoryAdmin(actor: Actor, group: GroupRow) {
    if (actor.isNetworkAdmin) return false;
    return (await administration.of(actor.networkId, actor.membershipId)).categoryAdmin.has(group.groupCategoryId);
  }

  // The files module, made after this one, says where a group's files are.
  let rootFolderOf: (actor: Actor, groupId: string) => Promise<string | null> = async () => null;
  // The activities module, made after this one, counts the posts of groups' streams.
  let postCountsOf: GroupPostCounts = async () => new Map();

  return {
    /** Where `rootFolderId` asks (the files module). */
    useRootFolder(source: (actor: Actor, groupId: string) => Promise<string | null>): void {
      rootFolderOf = source;
    },
    /** The id of the group's root folder, when the member reads the group's files. */
    rootFolderId: (actor: Actor, groupId: string) => rootFolderOf(actor, groupId),
    /** Where the group search hits' post counts come from (the activities module). */
    usePostCounts(source: GroupPostCounts): void {
      postCountsOf = source;
    },
    ...createMemberGroups(db),
    ...createContentGroups(db),
    ...membership,
    ...createCategoryDirectory(db),
    ...createGroupLifecycle({ db, events, repository, storage: options.storage, recordCreated }),
    ...categoryAdministration,
    /** The administrators of a category, kept by the network's administrators. */
    categoryAdmins: createCategoryAdmins({ db, events, repository }),
    /** What global search finds of groups (the module's search source). */
    searchSource: groupSearchSource({
      search: createGroupSearchRepository(db),
      repository,
      postCounts: (actor, ids) => postCountsOf(actor, ids),
    }),
    /** The owner policy of groups' uploads (their images). */
    storageOwner: groupStorageOwner(repository),
    /** The network shell's categories: can.administrate for their admins and the admins of a group in them. */
    async categoriesForShell(actor: Actor) {
      const categories = await administration.categories(actor.networkId);
      const subjects = await categoryAdministration.categorySubjects(actor, categories);
      return subjects.map((s) => presentShellCategory(actor, s.category, s.categoryAdmin || s.administratesAGroup));
    },
    /** A group the actor may see, with the actor's role in it; 404 when unreadable or foreign. */
    async loadForActor(actor: Actor, slug: string): Promise<GroupSubject> {
      // A group named by its id (a `#group` mention in a post links so) is found as well.
      const byId = idSchema.safeParse(slug);
      const group =
        (await repository.groupBySlug(actor.networkId, slug)) ??
        (byId.success ? await repository.groupById(actor.networkId, byId.data) : undefined);
      if (!group) throw notFound();
      const [role, categoryAdmin] = await Promise.all([
        repository.roleOf(group.id, actor.membershipId),
        isCategoryAdmin(actor, group),
      ]);
      const subject = { group, role, categoryAdmin };
      if (!allows(groupPolicy, 'read', actor, subject)) throw notFound();
      return subject;
    },
    /** Like loadForActor, by id; 404 also for an id that is not one. */
    async loadByIdForActor(actor: Actor, rawId: string): Promise<GroupSubject> {
      const id = idSchema.safeParse(rawId);
      const group = id.success ? await repository.groupById(actor.networkId, id.data) : undefined;
      if (!group) throw notFound();
      const [role, categoryAdmin] = await Promise.all([
        repository.roleOf(group.id, actor.membershipId),
        isCategoryAdmin(actor, group),
      ]);
      const subject = { group, role, categoryAdmin };
      if (!allows(groupPolicy, 'read', actor, subject)) throw notFound();
      return subject;
    },
    /** The chat-enabled groups a member belongs to, with the role (one query; the chat module's list and rooms). */
    chatGroupsOf: repository.chatGroupsOf,
    /** The distinct member ids of some groups of the network (inviting groups to appointments). */
    memberIds: repository.memberIdsOf,
    /** Of some members, those who belong to a group the admin administrates (direct messages). */
    inAdministeredGroups: repository.inAdministeredGroups,
    /** A group's member ids as a subquery, for the member search (one statement). */
    memberIdsQuery: repository.memberIdsQuery,
    /** The members of the groups a member administrates as a subquery, for the member search. */
    administeredMemberIdsQuery: repository.administeredMemberIdsQuery,
    /** The user bar's category sections: two queries, however many categories there are. */
    async userbarGroups(actor: Actor): Promise<UserbarGroups> {
      const [categories, memberOf, favorites] = await Promise.all([
        administration.categories(actor.networkId),
        repository.groupsOf(actor.networkId, actor.membershipId, USERBAR_GROUPS_LIMIT),
        membership.favoriteGroupIds(actor.membershipId),
      ]);
      return presentUserbarGroups(
        categories,
        memberOf.filter((row) => allows(groupPolicy, 'read', actor, row)).map((row) => row.group),
        favorites,
      );
    },
    /** Groups the actor may read whose names begin with the words typed, for the pickers. */
    async directoryGroups(actor: Actor, options: DirectoryGroupsOptions): Promise<DirectoryGroupOption[]> {
      const rows = await repository.directoryGroups({
        networkId: actor.networkId,
        membershipId: actor.membershipId,
        isNetworkAdmin: actor.isNetworkAdmin,
        isExternal: actor.isExternal,
        ...options,
      });
      return rows
        .filter((row) => allows(groupPolicy, 'read', actor, row))
        .map((row) => presentDirectoryGroup(row.group, row.categoryName));
    },
    /** Of some group ids, those the actor may read, with their names: one query. */
    async readableAmong(actor: Actor, ids: string[]): Promise<Map<string, { id: string; name: string }>> {
      const rows = await repository.withRoles(actor.networkId, actor.membershipId, [...new Set(ids)]);
      return new Map(
        rows
          .filter((row) => allows(groupPolicy, 'read', actor, row))
          .map(({ group }) => [group.id, { id: group.id, name: group.name }]),
      );
    },
    /**
     * Some groups with the actor's role and the category name, readable or not (the calendars
     * policy decides what it shows of them): one query, keyed by id.
     */
    async withRolesAndCategories(actor: Actor, ids: string[]): Promise<Map<string, GroupWithRole>> {
      const rows = await repository.withRolesAndCategories(actor.networkId, actor.membershipId, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.group.id, row]));
    },
    /** The groups a member belongs to, by name (the digests' group picker): one query. */
    async groupsOfMember(networkId: string, membershipId: string): Promise<Array<{ id: string; name: string }>> {
      const rows = await repository.groupsOf(networkId, membershipId, MEMBER_GROUPS_LIMIT);
      return rows.map(({ group }) => ({ id: group.id, name: group.name }));
    },
    /** Every group of a network by id and name. */
    namesOf: repository.namesOf,
    memberCount: repository.memberCount,
    async createCategories(networkId: string, categories: NewGroupCategory[]) {
      const rows = await repository.insertCategories(categories.map((c) => ({ ...c, networkId })));
      administration.changed(networkId, []);
      return rows;
    },
    async createGroups(networkId: string, groups: NewGroup[]) {
      return events.transaction(async (tx) => {
        const created = await repository.insertGroups(
          groups.map((g) => ({ ...g, networkId })),
          tx,
        );
        await recordCreated(tx, null, created);
        return created;
      });
    },
    async addMembers(networkId: string, entries: Array<{ groupId: string; membershipId: string; role?: GroupRole }>) {
      const rows = await repository.insertMemberships(entries.map((e) => ({ ...e, networkId })));
      administration.changed(
        networkId,
        entries.map((e) => e.membershipId),
      );
      return rows;
    },
    /** Makes members admins of categories (group_category_admins), for seeds and tests. */
    async addCategoryAdmins(networkId: string, entries: Array<{ groupCategoryId: string; membershipId: string }>) {
      const rows = await repository.insertCategoryAdmins(entries.map((e) => ({ ...e, networkId })));
      administration.changed(
        networkId,
        entries.map((e) => e.membershipId),
      );
      return rows;
    },
  };
}

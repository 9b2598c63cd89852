import {
  idSchema,
  USERBAR_GROUPS_LIMIT,
  type DirectoryGroupOption,
  type GroupAccess,
  type GroupRole,
  type ThemeInput,
  type UserbarGroups,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
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
};

export type DirectoryGroupsOptions = { terms: string[]; onlyMine: boolean; onlyChatEnabled: boolean; limit: number };

/** A group with a member's role in it and its category's name. */
export type GroupWithRole = { group: GroupRow; role: GroupRole | null; categoryName: string };

/** Runs after groups are made: other modules give them what every group starts with. */
export type GroupsCreatedListener = (networkId: string, groups: GroupRow[]) => Promise<void>;

export function createGroupsService(db: Db) {
  const repository = createGroupsRepository(db);
  const createdListeners: GroupsCreatedListener[] = [];
  return {
    async categoriesForShell(actor: Actor) {
      const categories = await repository.categories(actor.networkId);
      const administrated = actor.isNetworkAdmin
        ? new Set<string>()
        : await repository.categoryIdsAdministratedBy(
            actor.membershipId,
            categories.map((c) => c.id),
          );
      return categories.map((c) => presentShellCategory(actor, c, administrated.has(c.id)));
    },
    /** A group the actor may see, with the actor's role in it; 404 when unreadable or foreign. */
    async loadForActor(actor: Actor, slug: string): Promise<GroupSubject> {
      const group = await repository.groupBySlug(actor.networkId, slug);
      if (!group) throw notFound();
      const subject = { group, role: await repository.roleOf(group.id, actor.membershipId) };
      if (!allows(groupPolicy, 'read', actor, subject)) throw notFound();
      return subject;
    },
    /** Like loadForActor, by id; 404 also for an id that is not one. */
    async loadByIdForActor(actor: Actor, rawId: string): Promise<GroupSubject> {
      const id = idSchema.safeParse(rawId);
      const group = id.success ? await repository.groupById(actor.networkId, id.data) : undefined;
      if (!group) throw notFound();
      const subject = { group, role: await repository.roleOf(group.id, actor.membershipId) };
      if (!allows(groupPolicy, 'read', actor, subject)) throw notFound();
      return subject;
    },
    /** The chat-enabled groups a member belongs to, with the role (one query; the chat module's list and rooms). */
    chatGroupsOf: repository.chatGroupsOf,
    /** The distinct member ids of some groups of the network (inviting groups to appointments). */
    memberIds: repository.memberIdsOf,
    /** A group's member ids as a subquery, for the member search (one statement). */
    memberIdsQuery: repository.memberIdsQuery,
    /** The user bar's category sections: two queries, however many categories there are. */
    async userbarGroups(actor: Actor): Promise<UserbarGroups> {
      const [categories, memberOf] = await Promise.all([
        repository.categories(actor.networkId),
        repository.groupsOf(actor.networkId, actor.membershipId, USERBAR_GROUPS_LIMIT),
      ]);
      return presentUserbarGroups(
        categories,
        memberOf.filter((row) => allows(groupPolicy, 'read', actor, row)).map((row) => row.group),
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
    /** Every group of a network by id and name. */
    namesOf: repository.namesOf,
    memberCount: repository.memberCount,
    createCategories(networkId: string, categories: NewGroupCategory[]) {
      return repository.insertCategories(categories.map((c) => ({ ...c, networkId })));
    },
    async createGroups(networkId: string, groups: NewGroup[]) {
      const created = await repository.insertGroups(groups.map((g) => ({ ...g, networkId })));
      for (const listener of createdListeners) await listener(networkId, created);
      return created;
    },
    onCreated(listener: GroupsCreatedListener) {
      createdListeners.push(listener);
    },
    addMembers(networkId: string, entries: Array<{ groupId: string; membershipId: string; role?: GroupRole }>) {
      return repository.insertMemberships(entries.map((e) => ({ ...e, networkId })));
    },
  };
}

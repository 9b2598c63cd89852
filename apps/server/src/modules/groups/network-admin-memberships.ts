import { and, asc, eq, sql } from 'drizzle-orm';
import { idSchema, type GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { GROUP_MEMBERSHIP_EVENTS as E } from './membership-events.ts';
import { membershipEvent, type MembershipCore } from './membership.ts';
import { createGroupsRepository, type GroupRow } from './repository.ts';
import { groupCategories, groupMemberships, groups } from './tables.ts';

/** A group a member belongs to, as the members administration lists it. */
export type AdministeredGroupMembership = {
  group: GroupRow;
  role: GroupRole;
  category: { id: string; name: string };
};

/**
 * The groups of one member as network administrators manage them (the member edit page's group
 * memberships): every group, hidden ones too; adding, changing the role and removing record the
 * same events as the groups' own administration.
 */
export function createNetworkAdminMemberships(
  db: Db,
  core: MembershipCore,
  events: Pick<Events, 'transaction' | 'record'>,
) {
  const groupsRepository = createGroupsRepository(db);
  const { repository } = core;

  async function groupOf(actor: Actor, rawId: string): Promise<GroupRow> {
    if (!actor.isNetworkAdmin) throw forbidden();
    const id = idSchema.safeParse(rawId);
    const group = id.success ? await groupsRepository.groupById(actor.networkId, id.data) : undefined;
    if (!group) throw notFound();
    return group;
  }

  async function recordRole(tx: Db, actorId: string, group: GroupRow, membershipId: string, role: GroupRole) {
    await repository.updateMembership(tx, group.id, membershipId, { role });
    await events.record(
      tx,
      membershipEvent(group, actorId, role === 'admin' ? E.adminAppointed : E.adminRemoved, {
        membership_id: membershipId,
      }),
    );
  }

  return {
    /** Every group of the member with their role, in the categories' order, archived ones last. */
    async groupsOfMember(networkId: string, membershipId: string): Promise<AdministeredGroupMembership[]> {
      return db
        .select({
          group: groups,
          role: groupMemberships.role,
          category: { id: groupCategories.id, name: groupCategories.name },
        })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
        .where(and(eq(groupMemberships.membershipId, membershipId), eq(groups.networkId, networkId)))
        .orderBy(
          asc(groupCategories.position),
          asc(groupCategories.name),
          asc(groups.archived),
          asc(sql`lower(${groups.name})`),
          asc(groups.id),
        );
    },

    /** Puts the member into the group with the role, or gives them that role when they are in it. */
    async putMember(actor: Actor, rawGroupId: string, membershipId: string, role: GroupRole): Promise<void> {
      const group = await groupOf(actor, rawGroupId);
      await events.transaction(async (tx) => {
        await repository.lockGroup(tx, group.id);
        const current = await repository.membership(group.id, membershipId, tx);
        if (!current) await core.addMember(tx, actor.membershipId, group, membershipId, 'admin');
        if ((current?.role ?? 'member') !== role) await recordRole(tx, actor.membershipId, group, membershipId, role);
      });
    },

    /** Takes the member out of the group (the last admin of a group with others stays: 422 `last_admin`). */
    async removeMember(actor: Actor, rawGroupId: string, membershipId: string): Promise<void> {
      const group = await groupOf(actor, rawGroupId);
      const removed = await events.transaction((tx) =>
        core.removeMember(tx, actor.membershipId, group, membershipId, true),
      );
      if (!removed) throw notFound();
    },

    /**
     * A deleted member leaves all their groups at once, each with `group.left`; the rule of the
     * last admin does not hold them back (network admins run a group left without one).
     */
    async leaveAll(tx: Db, networkId: string, membershipId: string, actorId: string | null): Promise<number> {
      // Read through the processor's transaction: the embedded database runs one at a time.
      const memberOf = await tx
        .select({ group: groups })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(and(eq(groupMemberships.networkId, networkId), eq(groupMemberships.membershipId, membershipId)));
      for (const { group } of memberOf) {
        if (!(await repository.deleteMembership(tx, group.id, membershipId))) continue;
        await events.record(
          tx,
          membershipEvent(group, actorId, E.left, { membership_id: membershipId, by_admin: true }),
        );
      }
      return memberOf.length;
    },
  };
}

import {
  GROUP_MEMBERSHIP_ERROR_KEYS,
  idSchema,
  type GroupJoinVia,
  type GroupMembershipState,
  type MembershipStatus,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { EventInput, Events } from '../../platform/events/index.ts';
import { allows, authorize, type Actor } from '../../platform/policy/index.ts';
import { GROUP_MEMBERSHIP_EVENTS as E } from './membership-events.ts';
import { membershipPolicy, type MembershipSubject } from './membership-policy.ts';
import { createMembershipRepository } from './membership-repository.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import { createGroupsRepository, type GroupRow } from './repository.ts';

/** The open group invitations of a member among some groups, as the group-invites module knows them. */
export type OpenInviteLookup = (actor: Actor, groupIds: string[]) => Promise<Map<string, { id: string }>>;

/** What the group JSON says of the member's membership (see presentGroup). */
export type GroupMembershipView = {
  status: MembershipStatus;
  subscribed: boolean;
  favorited: boolean;
  invite: { id: string } | null;
  memberCount: number;
};

export type JoinOptions = { via?: 'invite'; inviteId?: string };

/** An event of a group's membership, with its context and the group's names. */
export function membershipEvent(
  group: GroupRow,
  actorId: string | null,
  type: string,
  changes: Record<string, unknown>,
): EventInput {
  return {
    networkId: group.networkId,
    type,
    actorId,
    subject: { type: 'group', id: group.id },
    context: { type: 'group_category', id: group.groupCategoryId },
    changes: { name: group.name, slug: group.slug, ...changes },
  };
}

/**
 * Joining, leaving, subscribing and starring groups: the part of the groups service that
 * changes who is in a group. Each write records its event in its own transaction.
 */
export function createMembershipCore(db: Db, events: Pick<Events, 'transaction' | 'record'>) {
  const groups = createGroupsRepository(db);
  const repository = createMembershipRepository(db);
  let openInvites: OpenInviteLookup = async () => new Map();

  /**
   * A group by id with the actor's role and category administration; 404 when foreign or, unless
   * an invitation lets the actor in, unreadable.
   */
  async function loadSubject(actor: Actor, rawId: string, unreadable = false): Promise<MembershipSubject> {
    const id = idSchema.safeParse(rawId);
    const group = id.success ? await groups.groupById(actor.networkId, id.data) : undefined;
    if (!group) throw notFound();
    return subjectOf(actor, group, unreadable);
  }

  async function subjectOf(actor: Actor, group: GroupRow, unreadable = false): Promise<MembershipSubject> {
    const [role, categoryAdmin] = await Promise.all([
      groups.roleOf(group.id, actor.membershipId),
      repository.isCategoryAdmin(group.groupCategoryId, actor.membershipId),
    ]);
    const subject = { group, role, categoryAdmin };
    if (!unreadable && !allows(membershipPolicy, 'read', actor, subject)) throw notFound();
    return subject;
  }

  async function membershipView(actor: Actor, subject: GroupSubject): Promise<GroupMembershipView> {
    const { group, role } = subject;
    const [row, requested, invites, counts] = await Promise.all([
      role ? repository.membership(group.id, actor.membershipId) : undefined,
      role ? false : repository.openRequestGroupIds(actor.membershipId, [group.id]).then((s) => s.has(group.id)),
      role ? new Map<string, { id: string }>() : openInvites(actor, [group.id]),
      repository.counts(group.id),
    ]);
    const invite = invites.get(group.id) ?? null;
    const status: MembershipStatus = role ?? (requested ? 'in_moderation' : invite ? 'invited' : 'no_member');
    return {
      status,
      subscribed: row?.subscribed ?? false,
      favorited: row?.favorited ?? false,
      invite,
      memberCount: counts.members,
    };
  }

  /** Joins at once (open groups, invitations) or asks to (moderated and closed groups). */
  async function join(actor: Actor, groupId: string, options: JoinOptions = {}): Promise<GroupMembershipState> {
    const viaInvite = options.via === 'invite';
    // An invitation lets its invitee into a hidden group they cannot see yet.
    const subject = await loadSubject(actor, groupId, viaInvite);
    const { group } = subject;
    if (subject.role) return 'member';
    if (group.archived) throw forbidden(GROUP_MEMBERSHIP_ERROR_KEYS.archived);
    const direct = viaInvite || allows(groupPolicy, 'join', actor, subject);
    if (!direct && !allows(groupPolicy, 'join_moderated', actor, subject)) throw forbidden();
    return events.transaction(async (tx) => {
      if (direct) {
        const via: GroupJoinVia = viaInvite ? 'invite' : 'open';
        await addMember(tx, actor.membershipId, group, actor.membershipId, via, options.inviteId);
        return 'member';
      }
      const request = await repository.insertJoinRequest(tx, {
        networkId: group.networkId,
        groupId: group.id,
        membershipId: actor.membershipId,
      });
      // Asked before (a double click): the open request stands.
      if (request) {
        await events.record(
          tx,
          membershipEvent(group, actor.membershipId, E.joinRequested, {
            join_request_id: request.id,
            membership_id: actor.membershipId,
          }),
        );
      }
      return 'in_moderation';
    });
  }

  /**
   * Writes the group membership and `group.joined`; an open request of the member is settled
   * with it. Nothing when the member is in the group already.
   */
  async function addMember(
    tx: Db,
    actorId: string | null,
    group: GroupRow,
    membershipId: string,
    via: GroupJoinVia,
    inviteId?: string,
  ): Promise<boolean> {
    const row = await repository.insertMembership(tx, { networkId: group.networkId, groupId: group.id, membershipId });
    if (!row) return false;
    if (via !== 'request') {
      const open = await repository.openJoinRequest(group.id, membershipId, tx);
      if (open) await repository.decideJoinRequest(tx, open.id, { status: 'accepted', decidedById: actorId });
    }
    await events.record(
      tx,
      membershipEvent(group, actorId, E.joined, {
        membership_id: membershipId,
        via,
        ...(inviteId ? { invite_id: inviteId } : {}),
      }),
    );
    return true;
  }

  /**
   * Takes a member out of a group (leaving, or removed by an admin). The only administrator
   * cannot go while other members remain: someone must be left to run the group.
   */
  async function removeMember(tx: Db, actorId: string, group: GroupRow, membershipId: string, byAdmin: boolean) {
    await repository.lockGroup(tx, group.id);
    const row = await repository.membership(group.id, membershipId, tx);
    if (!row) return false;
    if (row.role === 'admin') {
      const counts = await repository.counts(group.id, tx);
      if (counts.admins === 1 && counts.members > 1) {
        throw unprocessable({ base: [GROUP_MEMBERSHIP_ERROR_KEYS.lastAdmin] });
      }
    }
    await repository.deleteMembership(tx, group.id, membershipId);
    await events.record(
      tx,
      membershipEvent(group, actorId, E.left, { membership_id: membershipId, by_admin: byAdmin }),
    );
    return true;
  }

  /** Leaves the group, or withdraws the member's open request to join it. */
  async function leave(actor: Actor, groupId: string): Promise<void> {
    const subject = await loadSubject(actor, groupId);
    const { group } = subject;
    await events.transaction(async (tx) => {
      if (subject.role) {
        await removeMember(tx, actor.membershipId, group, actor.membershipId, false);
        return;
      }
      const open = await repository.openJoinRequest(group.id, actor.membershipId, tx);
      if (!open) return;
      const withdrawn = await repository.decideJoinRequest(tx, open.id, {
        status: 'withdrawn',
        decidedById: actor.membershipId,
      });
      if (withdrawn) {
        await events.record(
          tx,
          membershipEvent(group, actor.membershipId, E.joinRequestWithdrawn, {
            join_request_id: open.id,
            membership_id: actor.membershipId,
          }),
        );
      }
    });
  }

  /** Subscribes to or unsubscribes from a group the actor belongs to. */
  async function setFlag(actor: Actor, groupId: string, flag: 'subscribed' | 'favorited', on: boolean) {
    const subject = await loadSubject(actor, groupId);
    authorize(membershipPolicy, flag === 'subscribed' ? 'subscribe' : 'favorite', actor, subject);
    await repository.updateMembership(db, subject.group.id, actor.membershipId, { [flag]: on });
    return subject;
  }

  return {
    repository,
    loadSubject,
    subjectOf,
    addMember,
    removeMember,
    membershipView,
    join,
    leave,
    setFlag,
    /**
     * The group-invites module hands over the member's open invitations (it needs the groups
     * module, which therefore cannot need it).
     */
    useOpenInviteLookup(lookup: OpenInviteLookup): void {
      openInvites = lookup;
    },
    /** Where the actor stands in each of some groups, in three queries however many. */
    async membershipStates(actor: Actor, groupIds: string[]): Promise<Map<string, GroupMembershipState>> {
      const ids = [...new Set(groupIds)].filter((id) => idSchema.safeParse(id).success);
      const [memberships, requested, invites] = await Promise.all([
        repository.membershipsOf(actor.membershipId, ids),
        repository.openRequestGroupIds(actor.membershipId, ids),
        ids.length ? openInvites(actor, ids) : new Map<string, { id: string }>(),
      ]);
      const member = new Set(memberships.map((m) => m.groupId));
      return new Map(
        ids.map((id) => [
          id,
          member.has(id) ? 'member' : requested.has(id) ? 'in_moderation' : invites.has(id) ? 'invited' : 'no_member',
        ]),
      );
    },
  };
}

export type MembershipCore = ReturnType<typeof createMembershipCore>;

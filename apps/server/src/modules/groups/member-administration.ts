import {
  GROUP_MEMBERSHIP_ERROR_KEYS,
  idSchema,
  type GroupMemberPage,
  type GroupMemberRow,
  type GroupMembersAdminQuery,
  type GroupRole,
} from '@agora/contracts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { abilities, authorize, type Actor } from '../../platform/policy/index.ts';
import type { MembersService } from '../members/index.ts';
import { GROUP_MEMBERSHIP_EVENTS as E } from './membership-events.ts';
import { membershipPolicy, type MembershipSubject } from './membership-policy.ts';
import { membershipEvent, type MembershipCore } from './membership.ts';

/** A row of the members module's names subquery. */
export type MemberNameRow = {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  profileImageId: string | null;
  isExternal: boolean;
};

/** Group admins appoint and remove admins and remove members. */
export function createMemberAdministration(core: MembershipCore, events: Pick<Events, 'transaction' | 'record'>) {
  const { repository } = core;

  /** The member's group membership; 404 for a malformed id, 422 for someone outside the group. */
  async function memberOf(subject: MembershipSubject, rawId: string) {
    const id = idSchema.safeParse(rawId);
    if (!id.success) throw notFound();
    const row = await repository.membership(subject.group.id, id.data);
    if (!row) throw unprocessable({ membership_id: [GROUP_MEMBERSHIP_ERROR_KEYS.notAMember] });
    return row;
  }

  async function setRole(actor: Actor, subject: MembershipSubject, rawId: string, role: GroupRole) {
    authorize(membershipPolicy, 'change_admins', actor, subject);
    const current = await memberOf(subject, rawId);
    if (current.role === role) return current;
    const { group } = subject;
    return events.transaction(async (tx) => {
      await repository.lockGroup(tx, group.id);
      if (role === 'member') {
        const counts = await repository.counts(group.id, tx);
        if (counts.admins <= 1) throw unprocessable({ base: [GROUP_MEMBERSHIP_ERROR_KEYS.lastAdmin] });
      }
      const row = await repository.updateMembership(tx, group.id, current.membershipId, { role });
      if (!row) throw unprocessable({ membership_id: [GROUP_MEMBERSHIP_ERROR_KEYS.notAMember] });
      await events.record(
        tx,
        membershipEvent(group, actor.membershipId, role === 'admin' ? E.adminAppointed : E.adminRemoved, {
          membership_id: row.membershipId,
        }),
      );
      return row;
    });
  }

  return {
    /** A page of the group's members, admins first, then by name; searched by name. */
    async page(
      actor: Actor,
      subject: MembershipSubject,
      query: GroupMembersAdminQuery,
      deps: {
        names: ReturnType<MembersService['namesSubquery']>;
        /** The words searched for, as the members module reads a query. */
        terms: string[];
        /** How the members module shows a member in a list. */
        present: (member: MemberNameRow) => Pick<GroupMemberRow, 'displayName' | 'images' | 'is_external'>;
      },
    ): Promise<GroupMemberPage> {
      authorize(membershipPolicy, 'administrate', actor, subject);
      const can = abilities(membershipPolicy, actor, subject);
      const { rows, total, admins } = await repository.memberPage({
        groupId: subject.group.id,
        names: deps.names,
        terms: deps.terms,
        role: query.role,
        limit: query.limit,
        offset: query.offset,
      });
      return {
        members: rows.map(({ membership, ...member }): GroupMemberRow => {
          const isAdmin = membership.role === 'admin';
          const lastAdmin = isAdmin && admins <= 1;
          return {
            id: membership.membershipId,
            ...deps.present(member),
            path: `/members/${membership.membershipId}`,
            role: membership.role,
            joined_at: membership.createdAt.toISOString(),
            can: {
              appoint_admin: can.change_admins && !isAdmin,
              remove_admin: can.change_admins && isAdmin && !lastAdmin,
              remove: can.remove_members && membership.membershipId !== actor.membershipId && !lastAdmin,
            },
          };
        }),
        total,
        admin_count: admins,
        limit: query.limit,
        offset: query.offset,
      };
    },

    appointAdmin: (actor: Actor, subject: MembershipSubject, membershipId: string) =>
      setRole(actor, subject, membershipId, 'admin'),

    /** Takes the admin right; the last admin keeps it (someone must run the group). */
    removeAdmin: (actor: Actor, subject: MembershipSubject, membershipId: string) =>
      setRole(actor, subject, membershipId, 'member'),

    /** Takes a member out of the group (`group.left` with `by_admin`). */
    async remove(actor: Actor, subject: MembershipSubject, rawId: string): Promise<void> {
      authorize(membershipPolicy, 'remove_members', actor, subject);
      const row = await memberOf(subject, rawId);
      await events.transaction((tx) =>
        core.removeMember(tx, actor.membershipId, subject.group, row.membershipId, true),
      );
    },
  };
}

import {
  GROUP_MEMBERSHIP_ERROR_KEYS,
  idSchema,
  type GroupJoinRequestsQuery,
  type GroupJoinRequestPage,
  type GroupJoinRequest,
} from '@agora/contracts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import { GROUP_MEMBERSHIP_EVENTS as E } from './membership-events.ts';
import { membershipPolicy, type MembershipSubject } from './membership-policy.ts';
import type { JoinRequestRow } from './membership-repository.ts';
import { membershipEvent, type MembershipCore } from './membership.ts';

/** How a request's member is shown; the members module knows their names (see the routes). */
export type JoinRequestMember = GroupJoinRequest['member'];

/** Groups listed with counts in the `GroupJoinRequests` unread count, at most. */
const UNREAD_GROUPS_LIMIT = 100;

export function presentJoinRequest(row: JoinRequestRow, member: JoinRequestMember): GroupJoinRequest {
  return {
    id: row.id,
    group_id: row.groupId,
    member,
    status: row.status,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** Requests to join moderated and closed groups, decided by who administrates the group. */
export function createJoinRequests(core: MembershipCore, events: Pick<Events, 'transaction' | 'record'>) {
  const { repository } = core;

  /** An open request of the group; 404 for another group's, 422 once decided. */
  async function openRequest(subject: MembershipSubject, rawId: string): Promise<JoinRequestRow> {
    const id = idSchema.safeParse(rawId);
    const request = id.success ? await repository.joinRequest(subject.group.id, id.data) : undefined;
    if (!request) throw notFound();
    if (request.status !== 'open') throw unprocessable({ base: [GROUP_MEMBERSHIP_ERROR_KEYS.alreadyDecided] });
    return request;
  }

  const alreadyDecided = () => unprocessable({ base: [GROUP_MEMBERSHIP_ERROR_KEYS.alreadyDecided] });

  return {
    /** A page of the group's open requests, oldest first (the members' names come from the caller). */
    async page(
      actor: Actor,
      subject: MembershipSubject,
      query: GroupJoinRequestsQuery,
      membersOf: (ids: string[]) => Promise<Map<string, JoinRequestMember>>,
    ): Promise<GroupJoinRequestPage> {
      authorize(membershipPolicy, 'administrate', actor, subject);
      const { rows, total } = await repository.openJoinRequests(subject.group.id, query.limit, query.offset);
      const members = await membersOf(rows.map((r) => r.membershipId));
      return {
        join_requests: rows.flatMap((row) => {
          const member = members.get(row.membershipId);
          // A member gone from the network meanwhile has nothing left to decide.
          return member ? [presentJoinRequest(row, member)] : [];
        }),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    /** Accepts a request: the member joins, and learns of it by notification and mail. */
    async accept(actor: Actor, subject: MembershipSubject, rawId: string): Promise<JoinRequestRow> {
      authorize(membershipPolicy, 'decide_join_requests', actor, subject);
      const request = await openRequest(subject, rawId);
      return events.transaction(async (tx) => {
        const decided = await repository.decideJoinRequest(tx, request.id, {
          status: 'accepted',
          decidedById: actor.membershipId,
        });
        if (!decided) throw alreadyDecided();
        await core.addMember(tx, actor.membershipId, subject.group, request.membershipId, 'request');
        await events.record(
          tx,
          membershipEvent(subject.group, actor.membershipId, E.joinRequestAccepted, {
            join_request_id: request.id,
            membership_id: request.membershipId,
          }),
        );
        return decided;
      });
    },

    /** Rejects a request with a message the member reads in a notification and a mail. */
    async reject(actor: Actor, subject: MembershipSubject, rawId: string, message: string): Promise<JoinRequestRow> {
      authorize(membershipPolicy, 'decide_join_requests', actor, subject);
      const request = await openRequest(subject, rawId);
      return events.transaction(async (tx) => {
        const decided = await repository.decideJoinRequest(tx, request.id, {
          status: 'rejected',
          decidedById: actor.membershipId,
          message,
        });
        if (!decided) throw alreadyDecided();
        await events.record(
          tx,
          membershipEvent(subject.group, actor.membershipId, E.joinRequestRejected, {
            join_request_id: request.id,
            membership_id: request.membershipId,
            message,
          }),
        );
        return decided;
      });
    },

    /** The `GroupJoinRequests` unread count: open requests of the groups the member administrates. */
    async unreadCounts(networkId: string, membershipId: string) {
      const rows = await repository.openJoinRequestCounts(networkId, membershipId, UNREAD_GROUPS_LIMIT);
      return rows.map((r) => ({ group_id: r.groupId, group_slug: r.groupSlug, open_join_requests: r.n }));
    },

    /** Who decides a group's requests (its admins and its category's), to notify and count for. */
    administratorIds: repository.administratorIds,
  };
}

import { GROUP_INVITE_ERROR_KEYS as KEYS, ID_PATTERN, type GroupInvite } from '@agora/contracts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { positionAt, type InviteKind } from '../invites/index.ts';
import type { GroupInvitesDeps } from './deps.ts';
import { GROUP_INVITE_EVENTS } from './events.ts';
import { presentGroupInvite } from './present.ts';
import type { GroupInvitesRepository, PositionedInvite } from './repository.ts';

/**
 * The groups' kind of invite (`GET /api/v1/invites?filter=groups`), registered with the invites
 * module, which routes `POST /api/v1/invites/{id}/accept|reject` here.
 */
export function createGroupInviteKind(
  deps: GroupInvitesDeps,
  repository: GroupInvitesRepository,
  openCount: (actor: Actor) => Promise<number>,
): InviteKind<PositionedInvite, GroupInvite> {
  async function reload(actor: Actor, id: string): Promise<PositionedInvite> {
    const row = await repository.ofMember(actor.networkId, actor.membershipId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    name: 'groups',

    // Group invitations do not expire: the expired tab holds none of them.
    page: (actor, request) =>
      repository.inboxPage(
        actor.networkId,
        actor.membershipId,
        request.status === 'open' ? ['open'] : request.status === 'obsolete' ? ['obsolete'] : [],
        request.limit + 1,
        request.after,
      ),

    position: (row) => ({ at: positionAt(row.at), id: row.invite.id }),

    find: (actor, id) =>
      ID_PATTERN.test(id) ? repository.ofMember(actor.networkId, actor.membershipId, id) : Promise.resolve(null),

    /**
     * Accepting joins the group through the groups module (which records `group.joined`; this
     * module's processor then settles the member's other invites to it); declining only answers.
     */
    async answer(actor, { invite }, answer) {
      if (invite.status !== 'open') throw unprocessable({ base: [KEYS.inviteNotOpen] });
      if (answer === 'accept') {
        await deps.groups.join(actor, invite.groupId, { via: 'invite', inviteId: invite.id });
      }
      await deps.events.transaction(async (tx) => {
        const changed = await repository.setStatus(
          tx,
          { ids: [invite.id], from: ['open'] },
          answer === 'accept' ? 'accepted' : 'declined',
          { answeredAt: new Date() },
        );
        if (changed.length === 0 && answer === 'reject') throw unprocessable({ base: [KEYS.inviteNotOpen] });
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: answer === 'accept' ? GROUP_INVITE_EVENTS.accepted : GROUP_INVITE_EVENTS.declined,
          actorId: actor.membershipId,
          subject: { type: 'group', id: invite.groupId },
          changes: { invite_ids: [invite.id], invitee_ids: [invite.membershipId], author_id: invite.authorId },
        });
      });
      return reload(actor, invite.id);
    },

    /** One query for the groups and one for the authors, however many invites. */
    async present(actor, rows) {
      const groupIds = [...new Set(rows.map((r) => r.invite.groupId))];
      const authorIds = [...new Set(rows.map((r) => r.invite.authorId))];
      const [groups, authors] = await Promise.all([
        deps.groups.withRolesAndCategories(actor, groupIds),
        deps.members.findMany(actor.networkId, authorIds),
      ]);
      const authorById = new Map(authors.map((m) => [m.id, m]));
      // The invitation itself shows the invitee its group, hidden or not: that is what it is for.
      return rows.map(({ invite }) => {
        const group = groups.get(invite.groupId);
        return group ? presentGroupInvite(invite, group.group, authorById.get(invite.authorId)) : null;
      });
    },

    openCount,
  };
}

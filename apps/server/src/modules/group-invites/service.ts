import type { Actor } from '../../platform/policy/index.ts';
import { createInviting } from './create.ts';
import type { GroupInvitesDeps } from './deps.ts';
import { createGroupInviteKind } from './invite-kind.ts';
import { groupInviteProcessors } from './processors.ts';
import { createGroupInvitesRepository } from './repository.ts';
import { createSentInvites } from './sent.ts';
import { createGroupInviteUnreads } from './unreads.ts';

/**
 * Group invitations (internal invites): members invite members to groups, invitees answer in the
 * invites inbox (this module's kind of invite), the invites sent are listed with batch actions.
 */
export function createGroupInvitesService(deps: GroupInvitesDeps) {
  const repository = createGroupInvitesRepository(deps.db);
  const unreads = createGroupInviteUnreads(deps, repository);
  const kind = createGroupInviteKind(deps, repository, unreads.count);
  deps.invites.registerKind(kind);

  /** The member's open invitations to some groups, for the groups module (group JSON, directory). */
  async function openInvitesOf(actor: Actor, groupIds: string[]): Promise<Map<string, { id: string }>> {
    const rows = await repository.openOf(actor.networkId, actor.membershipId, [...new Set(groupIds)]);
    return new Map(rows.map((r) => [r.groupId, { id: r.id }]));
  }
  deps.groups.useOpenInviteLookup(openInvitesOf);

  return {
    ...createInviting(deps, repository),
    ...createSentInvites(deps, repository),
    openInvitesOf,
    /** The `GroupInvites` unread counter. */
    groupInviteUnreads: unreads.count,
    processors: groupInviteProcessors(deps, repository, unreads),
  };
}

export type GroupInvitesService = ReturnType<typeof createGroupInvitesService>;

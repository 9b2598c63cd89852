import type { FileReviewersAnswer, FolderContextType } from '@agora/contracts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { folderCan } from './access.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { FILE_EVENTS } from './events.ts';

/**
 * The root folder of a folder tree the member reads (the network's: internal members; a
 * group's: whoever reads the group's content); 404 otherwise, before any root is made.
 */
export async function loadContextRoot(
  deps: Pick<ApprovalDeps, 'access'>,
  actor: Actor,
  contextType: FolderContextType,
  contextId: string,
) {
  const filesAccess = await deps.access.load(actor);
  const reads =
    contextType === 'network' ? contextId === actor.networkId && !actor.isExternal : filesAccess.groups.has(contextId);
  if (!reads) throw notFound();
  const root = await deps.access.rootFolder(actor.networkId, contextType, contextId);
  return { filesAccess, root };
}

/**
 * The members a folder tree names as reviewers besides its admins: listed for whoever reads
 * the tree, named by its admins (network admins; a group's admins and network admins).
 */
export function createReviewers(deps: ApprovalDeps) {
  async function present(networkId: string, ids: string[]): Promise<FileReviewersAnswer> {
    const members = new Map((await deps.members.findMany(networkId, ids)).map((m) => [m.id, m]));
    return {
      reviewers: ids.flatMap((id) => {
        const m = members.get(id);
        if (!m || m.deletedAt) return [];
        return [{ id: m.id, name: `${m.firstName} ${m.lastName}`.trim(), image_id: m.profileImageId }];
      }),
    };
  }

  return {
    async get(actor: Actor, contextType: FolderContextType, contextId: string): Promise<FileReviewersAnswer> {
      await loadContextRoot(deps, actor, contextType, contextId);
      return present(actor.networkId, await deps.approvals.reviewerIds(actor.networkId, contextType, contextId));
    },

    /** Names exactly these members (active members of the network) as the tree's reviewers. */
    async set(
      actor: Actor,
      contextType: FolderContextType,
      contextId: string,
      membershipIds: string[],
    ): Promise<FileReviewersAnswer> {
      const { filesAccess, root } = await loadContextRoot(deps, actor, contextType, contextId);
      if (!folderCan(filesAccess, root).update) throw forbidden();
      const ids = [...new Set(membershipIds)];
      const members = await deps.members.findMany(actor.networkId, ids);
      const active = new Set(
        members.filter((m) => m.kind === 'member' && !m.lockedAt && !m.deletedAt).map((m) => m.id),
      );
      if (!ids.every((id) => active.has(id))) throw unprocessable({ membership_ids: ['invalid'] });
      await deps.events.transaction(async (tx) => {
        const { added, removed } = await deps.approvals.replaceReviewers(
          tx,
          actor.networkId,
          contextType,
          contextId,
          ids,
        );
        if (added.length === 0 && removed.length === 0) return;
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: FILE_EVENTS.reviewersUpdated,
          actorId: actor.membershipId,
          subject: { type: 'folder', id: root.id },
          context: { type: contextType, id: contextId },
          changes: { added_ids: added, removed_ids: removed },
        });
      });
      return present(actor.networkId, ids);
    },
  };
}

export type Reviewers = ReturnType<typeof createReviewers>;

import type { Processor } from '../../platform/events/index.ts';
import { MEMBERSHIP_DESTROYED } from '../members/index.ts';
import type { GroupsService } from './service.ts';

export const GROUPS_MEMBER_REMOVAL_PROCESSOR = 'groups.member-removal';

/** A deleted member leaves every group (each with `group.left`), in the processor's one transaction. */
export function memberRemovalProcessor(groups: Pick<GroupsService, 'networkAdminMemberships'>): Processor {
  return {
    name: GROUPS_MEMBER_REMOVAL_PROCESSOR,
    types: [MEMBERSHIP_DESTROYED],
    async handle(event, { transaction }) {
      await transaction((tx) =>
        groups.networkAdminMemberships.leaveAll(tx, event.networkId, event.subject.id, event.actorId),
      );
    },
  };
}

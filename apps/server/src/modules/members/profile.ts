import { MEMBER_PROFILE_GROUPS_LIMIT, type MemberProfile } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { memberPolicy } from './policy.ts';
import { presentMemberProfile } from './present-profile.ts';
import type { MembersService } from './service.ts';

export type MemberProfileDeps = {
  members: Pick<MembersService, 'loadForActor'>;
  groups: Pick<GroupsService, 'groupsOfMemberVisibleTo'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
};

/** `GET /members/{id}`: a member's profile page as the actor may see it (404 where they may not). */
export function createMemberProfiles(deps: MemberProfileDeps) {
  return {
    async profile(actor: Actor, rawId: string): Promise<MemberProfile> {
      const network = await deps.networks.get(actor.networkId);
      if (!network) throw notFound();
      const settings = deps.networks.settings(network);
      const showLocked = settings.show_locked_memberships;
      const membership = await deps.members.loadForActor(actor, rawId, showLocked);
      const subject = { membership, guestUsersAllowChat: settings.guest_users_allow_chat, showLocked };
      if (!allows(memberPolicy, 'read', actor, subject)) throw notFound();
      const groups = await deps.groups.groupsOfMemberVisibleTo(actor, membership.id, MEMBER_PROFILE_GROUPS_LIMIT + 1);
      return presentMemberProfile(actor, subject, settings, groups, MEMBER_PROFILE_GROUPS_LIMIT);
    },
  };
}

import type { GroupFields } from '@agora/contracts';
import type { GroupRow } from '../modules/groups/index.ts';
import type { DemoNetwork } from './demo-context.ts';

/** Member indexes as in demo.ts: 0 Anna, 1 Max, 15 Mia, 20 Ben, 21 Julia (none of them invited to Engineering). */
const ENGINEERING_ASKERS = [15, 20, 21];

/** A group's own fields as they are, with some changed (what the group form would send). */
function fieldsOf(group: GroupRow, changes: Partial<GroupFields>): GroupFields {
  return {
    name: group.name,
    access: group.access,
    moderated_join: group.moderatedJoin,
    members_can_invite: group.membersCanInvite,
    invites_restricted: group.invitesRestricted,
    chat: group.chatEnabled ? 'enabled' : 'disabled',
    sensitive: group.sensitive,
    active_main_group: group.activeMainGroup,
    externally_visible: group.externallyVisible,
    profile_image: group.profileImageId,
    teaser: group.teaser,
    description: group.description,
    ...changes,
  };
}

/**
 * Group membership in the demo: Engineering (Max administrates it) takes members by request,
 * and three colleagues have asked, so Max finds join requests to decide (with their
 * notifications and the counter); the Buchclub (moderated) and Human Resources (closed) are
 * groups Max can ask to join; Max and Anna have starred their favourite groups. Everything goes
 * through the services' own paths, so the events, notifications and counts are real.
 */
export async function seedDemoMembership(demo: DemoNetwork): Promise<void> {
  const { services, memberships } = demo;
  const actorOf = (index: number) => services.members.actorFor(memberships[index]!, '', null);
  const anna = actorOf(0);
  const max = actorOf(1);

  const engineering = await services.groups.loadForActor(anna, 'engineering');
  await services.groups.update(anna, engineering, fieldsOf(engineering.group, { moderated_join: true }));
  for (const index of ENGINEERING_ASKERS) await services.groups.join(actorOf(index), engineering.group.id);

  const berlin = await services.groups.loadForActor(anna, 'berlin');
  await services.groups.setMembershipFlag(max, engineering.group.id, 'favorited', true);
  await services.groups.setMembershipFlag(max, berlin.group.id, 'favorited', true);
  await services.groups.setMembershipFlag(anna, berlin.group.id, 'favorited', true);
}

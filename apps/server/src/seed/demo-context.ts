import type { Services } from '../app.ts';
import type { GroupRow } from '../modules/groups/index.ts';
import type { MembershipRow } from '../modules/members/index.ts';
import type { MembershipRoleRow } from '../modules/membership-roles/index.ts';
import type { NetworkRow } from '../modules/networks/index.ts';
import type { DemoCalendars } from './demo-calendars.ts';

/**
 * The demo network as the modules' demo parts receive it: what seed/demo.ts made (the network,
 * its people and groups), and what modules before have added (roles, calendars).
 */
export type DemoNetwork = {
  services: Services;
  network: NetworkRow;
  /** The demo accounts' users, Anna's first. */
  userIds: string[];
  /** Member indexes as in demo.ts. */
  memberships: MembershipRow[];
  groups: GroupRow[];
  roles?: MembershipRoleRow[];
  calendars?: DemoCalendars;
};

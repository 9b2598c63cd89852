import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import type { GroupsService } from '../groups/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { membershipRoleRoutes } from './routes.ts';
import { createMembershipRolesService } from './service.ts';

/** Membership roles (Betriebsrat, Ersthelfer:in ...), a way to reach several members at once. */
export const membershipRolesModule = defineModule({
  name: 'membershipRoles',
  needs: ['groups', 'networks'],
  create: (platform) => createMembershipRolesService(platform.db, platform.events),
  routes: (roles, { groups, networks }: { groups: GroupsService; networks: NetworksService }) => [
    membershipRoleRoutes({ roles, groups, networks }),
  ],
  async demo(demo: DemoNetwork): Promise<void> {
    demo.roles = await demo.services.membershipRoles.create(demo.network.id, [
      { name: 'Betriebsrat', pluralName: 'Betriebsräte', color: '#c92a2a', textColor: '#ffffff' },
      { name: 'Ersthelfer:in', pluralName: 'Ersthelfer:innen', color: '#237032', textColor: '#ffffff' },
      {
        name: 'Brandschutzhelfer:in',
        pluralName: 'Brandschutzhelfer:innen',
        color: '#e8590c',
        textColor: '#000000',
        displayType: 'grouped',
      },
      {
        name: 'Projektleitung',
        pluralName: 'Projektleitungen',
        groupId: demo.groups.find((g) => g.slug === 'website-relaunch')!.id,
      },
    ]);
  },
});

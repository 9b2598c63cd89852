import { IconTags } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

export { rolesPath } from './api.ts';

/** Membership roles (Betriebsrat, Ersthelfer:in ...): the editors of the network's and of a group's. */
export const membershipRolesFeature: FeatureModule = {
  key: 'membership-roles',
  namespaces: ['membership-roles'],
  routes: [
    administrationOnly([
      {
        path: 'administration/membership_roles',
        lazy: () => import('./pages/membership-roles-page.tsx').then((m) => ({ Component: m.MembershipRolesPage })),
      },
    ]),
    {
      path: 'groups/:groupSlug/administration/membership_roles',
      lazy: () => import('./pages/membership-roles-page.tsx').then((m) => ({ Component: m.GroupMembershipRolesPage })),
    },
  ],
  administration: [
    {
      key: 'membership_roles',
      section: 'people',
      label: 'membership-roles:title',
      description: 'membership-roles:description',
      icon: IconTags,
      path: '/administration/membership_roles',
      visible: (network) => network.config.membership_roles?.enabled !== false,
    },
  ],
};

import { IconUsers } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

const NS = 'member-administration';

/** The members administration: the list, a new member, and each member's edit, groups and factors pages. */
export const memberAdministrationFeature: FeatureModule = {
  key: 'member-administration',
  namespaces: [NS],
  routes: [
    administrationOnly([
      {
        path: 'administration/members',
        lazy: () => import('./pages/members-page.tsx').then((m) => ({ Component: m.MembersPage })),
      },
      {
        path: 'administration/members/new',
        lazy: () => import('./pages/new-member-page.tsx').then((m) => ({ Component: m.NewMemberPage })),
      },
      {
        path: 'administration/members/:memberId/edit',
        lazy: () => import('./pages/member-edit-page.tsx').then((m) => ({ Component: m.MemberEditPage })),
      },
      {
        path: 'administration/members/:memberId/group-memberships',
        lazy: () => import('./pages/member-groups-page.tsx').then((m) => ({ Component: m.MemberGroupsPage })),
      },
      {
        path: 'administration/members/:memberId/authentication/factors',
        lazy: () => import('./pages/member-factors-page.tsx').then((m) => ({ Component: m.MemberFactorsPage })),
      },
    ]),
  ],
  administration: [
    {
      key: 'members',
      section: 'people',
      label: `${NS}:title`,
      description: `${NS}:description`,
      icon: IconUsers,
      path: '/administration/members',
    },
  ],
};

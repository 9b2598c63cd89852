import { IconCategory } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

export { groupQuery, userbarGroupsQuery } from './api.ts';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  lazy: () => load().then((m) => ({ Component: m[name] })),
});

export const groupsFeature: FeatureModule = {
  key: 'groups',
  namespaces: ['groups', 'group-membership', 'group-category-admins'],
  routes: [
    {
      path: 'groups/:groupSlug',
      lazy: () => import('./pages/group-page.tsx').then((m) => ({ Component: m.GroupPage })),
    },
    { path: 'groups/new/:groupCategorySlug', ...page(() => import('./pages/group-new-page.tsx'), 'GroupNewPage') },
    { path: 'groups/:groupSlug/edit', ...page(() => import('./pages/group-edit-page.tsx'), 'GroupEditPage') },
    {
      path: 'groups/:groupSlug/administration',
      ...page(() => import('./pages/group-administration-page.tsx'), 'GroupAdministrationPage'),
    },
    {
      path: 'groups/:groupSlug/administration/join_requests',
      ...page(() => import('./membership/join-requests-page.tsx'), 'JoinRequestsPage'),
    },
    {
      path: 'groups/:groupSlug/administration/members',
      ...page(() => import('./membership/members-administration-page.tsx'), 'MembersAdministrationPage'),
    },
    // The categories themselves are the network's structure: its administrators' pages.
    administrationOnly([
      {
        path: 'administration/group-categories-order/edit',
        ...page(() => import('./pages/category-order-page.tsx'), 'CategoryOrderPage'),
      },
      {
        path: 'administration/group-categories/new',
        ...page(() => import('./pages/category-form-page.tsx'), 'CategoryFormPage'),
      },
      {
        path: 'administration/group-categories/:groupCategorySlug/edit',
        ...page(() => import('./pages/category-form-page.tsx'), 'CategoryFormPage'),
      },
    ]),
    {
      path: 'group-categories/:groupCategorySlug/administration',
      ...page(() => import('./pages/category-administration-page.tsx'), 'CategoryAdministrationPage'),
    },
  ],
  userMenu: [
    {
      key: 'group-category-administration',
      label: 'groups:category_administration.menu',
      section: 'administration',
      order: 20,
      path: () => '/',
      visible: ({ network }) => network.group_categories.some((c) => c.can.administrate),
      each: ({ network }) =>
        network.group_categories
          .filter((c) => c.can.administrate)
          .map((c) => ({
            key: c.slug,
            path: `/group-categories/${c.slug}/administration`,
            values: { name: c.plural_name },
          })),
    },
  ],
  administration: [
    {
      key: 'group_categories',
      section: 'people',
      label: 'groups:categories.card_title',
      description: 'groups:categories.card_description',
      icon: IconCategory,
      path: '/administration/group-categories-order/edit',
    },
  ],
};

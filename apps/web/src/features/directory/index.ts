import { IconAddressBook } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { GROUP } from '../../app/shell/active-module.ts';
import { DirectoryBar } from './directory-bar.tsx';

const directoryPage = () => import('./pages/directory-page.tsx');
const membersTab = () => directoryPage().then((m) => ({ Component: m.MembersTabPage }));

export const directoryFeature: FeatureModule = {
  key: 'directory',
  namespaces: ['directory'],
  activeModules: [
    ['/directory/channels', 'directory'],
    ['/directory/:sectionSlug', 'directory'],
    ['/directory', 'directory'],
    ['/members', 'directory'],
    [`${GROUP}/members`, 'directory'],
  ],
  routes: [
    { path: 'directory', lazy: membersTab },
    { path: 'directory/members', lazy: membersTab },
    { path: 'members', lazy: membersTab },
    { path: 'directory/:categoryId', lazy: () => directoryPage().then((m) => ({ Component: m.CategoryTabPage })) },
    {
      path: 'groups/:groupSlug/members',
      lazy: () => import('./pages/group-members-page.tsx').then((m) => ({ Component: m.GroupMembersPage })),
    },
  ],
  userbar: [
    {
      module: 'directory',
      label: 'directory:module',
      icon: IconAddressBook,
      path: '/members',
      // After files (50), before more; info is 90.
      order: 60,
      bar: DirectoryBar,
    },
  ],
};

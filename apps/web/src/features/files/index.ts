import { IconFolder, IconForms } from '@tabler/icons-react';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';
import { unreadFiles } from './lib/unreads.ts';

export { FilesTable, type ExtraColumn } from './components/files-table.tsx';
export { FolderPicker } from './components/folder-picker.tsx';
export { filePath, folderPath, filesBase, downloadUrl } from './lib/paths.ts';

/** The user bar's Files module: its code loads with the bar, not with the first page. */
const FilesBar = lazy(() => import('./files-bar.tsx').then((m) => ({ default: m.FilesBar })));

const rootsPage = () => import('./pages/roots-page.tsx');
const folderPage = () => import('./pages/folder-page.tsx').then((m) => ({ Component: m.FolderPage }));
const filePage = () => import('./pages/file-page.tsx').then((m) => ({ Component: m.FilePage }));
const folderFormPage = () => import('./pages/folder-form-page.tsx');

/** Each page network-wide and within a group (`/files/...` and `/groups/{slug}/files/...`). */
function withGroupRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, { ...route, path: `groups/:groupSlug/${route.path}` }]);
}

/**
 * Files (communication spec, Files): the roots, folders with their files table, a file with its
 * versions, the forms for new files, new folders, edits and new versions; each also within a group,
 * and a chat attachment's file page.
 */
export const filesFeature: FeatureModule = {
  key: 'files',
  namespaces: ['files'],
  routes: [
    { path: 'files', lazy: () => rootsPage().then((m) => ({ Component: m.RootsPage })) },
    { path: 'groups/:groupSlug/files', lazy: () => rootsPage().then((m) => ({ Component: m.GroupFilesPage })) },
    ...withGroupRoutes([
      {
        path: 'files/new',
        lazy: () => import('./pages/new-files-page.tsx').then((m) => ({ Component: m.NewFilesPage })),
      },
      { path: 'files/folders/new', lazy: () => folderFormPage().then((m) => ({ Component: m.NewFolderPage })) },
      { path: 'files/folders/:folderId', lazy: folderPage },
      {
        path: 'files/folders/:folderId/edit',
        lazy: () => folderFormPage().then((m) => ({ Component: m.EditFolderPage })),
      },
      { path: 'files/:fileId', lazy: filePage },
      {
        path: 'files/:fileId/edit',
        lazy: () => import('./pages/file-edit-page.tsx').then((m) => ({ Component: m.FileEditPage })),
      },
      {
        path: 'files/approval',
        lazy: () => import('./approval-page.tsx').then((m) => ({ Component: m.ApprovalPage })),
      },
      {
        path: 'files/:fileId/versions/new',
        lazy: () => import('./pages/new-version-page.tsx').then((m) => ({ Component: m.NewVersionPage })),
      },
    ]),
    { path: 'chat/:chatId/files/:fileId', lazy: filePage },
    administrationOnly([
      {
        path: 'administration/files/profiles',
        lazy: () => import('./profile-settings-page.tsx').then((m) => ({ Component: m.ProfileSettingsPage })),
      },
    ]),
  ],
  // The office editor fills the window: no header, no user bar.
  standaloneRoutes: [
    {
      path: 'files/:fileId/:type/host/:action',
      lazy: () => import('./document-host-page.tsx').then((m) => ({ Component: m.DocumentHostPage })),
    },
  ],
  administration: [
    {
      key: 'file_profiles',
      section: 'content',
      label: 'files:profiles.admin_title',
      description: 'files:profiles.admin_description',
      icon: IconForms,
      path: '/administration/files/profiles',
    },
  ],
  userbar: [
    {
      module: 'files',
      label: 'files:module',
      icon: IconFolder,
      path: '/files',
      // After activities (10), messages (20), calendars (30) and tasks (40).
      order: 50,
      unread: unreadFiles,
      bar: FilesBar,
    },
  ],
};

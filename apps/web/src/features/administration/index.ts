import { IconHistory, IconId, IconMail, IconPalette, IconSettings, IconVideo } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { ActiveModuleRule, FeatureModule } from '../../app/registry.ts';
import { GROUP } from '../../app/shell/active-module.ts';

/** The network settings' calls, for settings other features edit on pages of their own (file profiles). */
export { settingsQuery, useSaveSettings } from './settings/api.ts';

/**
 * Before every other pattern: /groups/{slug}/administration/* is the administration, not the
 * group's stream.
 */
const FIRST = -10;

const ADMINISTRATION_PATTERNS: ActiveModuleRule[] = [
  '/administration/*',
  '/administration',
  `${GROUP}/administration/*`,
  `${GROUP}/administration`,
  '/group-categories/:groupCategorySlug/administration/*',
  '/group-categories/:groupCategorySlug/administration',
  `${GROUP}/invites/sent`,
  '/invites/sent',
  '/invites/new',
  `${GROUP}/edit`,
].map((pattern) => [pattern, 'administration', FIRST] as const);

/**
 * Pages of the network's administration, from any feature, behind the guard that shows members
 * without `can.administrate` the no-access page.
 */
export function administrationOnly(children: RouteObject[]): RouteObject {
  return {
    lazy: () => import('./components/administration-guard.tsx').then((m) => ({ Component: m.AdministrationGuard })),
    children,
  };
}

export const administrationFeature: FeatureModule = {
  key: 'administration',
  namespaces: ['administration'],
  activeModules: ADMINISTRATION_PATTERNS,
  routes: [
    administrationOnly([
      {
        path: 'administration',
        lazy: () => import('./pages/administration-page.tsx').then((m) => ({ Component: m.AdministrationPage })),
      },
      {
        path: 'administration/settings/edit',
        lazy: () => import('./pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
      },
      {
        path: 'administration/profile',
        lazy: () => import('./pages/profile-properties-page.tsx').then((m) => ({ Component: m.ProfilePropertiesPage })),
      },
      {
        path: 'administration/designs',
        lazy: () => import('./pages/design-page.tsx').then((m) => ({ Component: m.DesignPage })),
      },
      {
        path: 'administration/mails',
        lazy: () => import('./pages/mails-page.tsx').then((m) => ({ Component: m.MailsPage })),
      },
      {
        path: 'administration/meeting_rooms',
        lazy: () => import('./pages/meeting-rooms-page.tsx').then((m) => ({ Component: m.MeetingRoomsPage })),
      },
      {
        path: 'administration/audit_log',
        lazy: () => import('./pages/audit-log-page.tsx').then((m) => ({ Component: m.AuditLogPage })),
      },
      {
        path: 'administration/mails/:mailId',
        lazy: () => import('./pages/mail-page.tsx').then((m) => ({ Component: m.MailPage })),
      },
    ]),
  ],
  userMenu: [
    {
      key: 'administration',
      label: 'administration:title',
      section: 'administration',
      order: 10,
      path: () => '/administration',
      visible: ({ network }) => network.can.administrate,
    },
  ],
  administration: [
    {
      key: 'settings',
      section: 'network',
      label: 'admin-settings:title',
      description: 'admin-settings:description',
      icon: IconSettings,
      path: '/administration/settings/edit',
    },
    {
      key: 'profile',
      section: 'network',
      label: 'administration:profile_properties.title',
      description: 'administration:profile_properties.description',
      icon: IconId,
      path: '/administration/profile',
    },
    {
      key: 'designs',
      section: 'network',
      label: 'administration:design.title',
      description: 'administration:design.description',
      icon: IconPalette,
      path: '/administration/designs',
    },
    {
      key: 'mails',
      section: 'records',
      label: 'administration:mails.title',
      description: 'administration:mails.description',
      icon: IconMail,
      path: '/administration/mails',
    },
    {
      key: 'audit_log',
      section: 'records',
      label: 'administration:audit_log.title',
      description: 'administration:audit_log.description',
      icon: IconHistory,
      path: '/administration/audit_log',
    },
    {
      key: 'meeting_rooms',
      section: 'content',
      label: 'administration:meeting_rooms.title',
      description: 'administration:meeting_rooms.description',
      icon: IconVideo,
      path: '/administration/meeting_rooms',
    },
  ],
};

import { IconMail, IconPalette, IconVideo } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';

export const administrationFeature: FeatureModule = {
  key: 'administration',
  routes: [
    {
      path: 'administration',
      lazy: () => import('./pages/administration-page.tsx').then((m) => ({ Component: m.AdministrationPage })),
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
      path: 'administration/mails/:mailId',
      lazy: () => import('./pages/mail-page.tsx').then((m) => ({ Component: m.MailPage })),
    },
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
      key: 'designs',
      label: 'administration:design.title',
      description: 'administration:design.description',
      icon: IconPalette,
      path: '/administration/designs',
    },
    {
      key: 'mails',
      label: 'administration:mails.title',
      description: 'administration:mails.description',
      icon: IconMail,
      path: '/administration/mails',
    },
    {
      key: 'meeting_rooms',
      label: 'administration:meeting_rooms.title',
      description: 'administration:meeting_rooms.description',
      icon: IconVideo,
      path: '/administration/meeting_rooms',
    },
  ],
};

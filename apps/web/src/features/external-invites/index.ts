import { IconUserPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/registry.ts';
import { loadNamespaces } from '../../i18n/index.ts';
import { administrationOnly } from '../administration/index.ts';

const invitePage = {
  lazy: () => import('./pages/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
};

/**
 * The invitations sent by e-mail, for the sent pages of the group invitations: loaded, with its
 * translations, only where it shows.
 */
export const ExternalInvitesSection = lazy(() =>
  Promise.all([import('./components/external-invites-section.tsx'), loadNamespaces(['external-invites'])]).then(
    ([m]) => ({ default: m.ExternalInvitesSection }),
  ),
);

/**
 * Invitations (administration spec, sections 2 to 7): members, people by e-mail and many from a
 * CSV file, from the network's, a group's and a category's administration; the network's list of
 * invitations by e-mail.
 */
export const externalInvitesFeature: FeatureModule = {
  key: 'external-invites',
  namespaces: ['external-invites', 'group-invites'],
  routes: [
    administrationOnly([
      { path: 'administration/invites/new', ...invitePage },
      {
        path: 'administration/invites',
        lazy: () =>
          import('./pages/invites-administration-page.tsx').then((m) => ({ Component: m.InvitesAdministrationPage })),
      },
    ]),
    { path: 'groups/:groupSlug/administration/invites/new', ...invitePage },
    { path: 'group-categories/:groupCategoryId/administration/invites/new', ...invitePage },
  ],
  administration: [
    {
      key: 'invites',
      section: 'people',
      label: 'external-invites:administration.card_title',
      description: 'external-invites:administration.card_description',
      icon: IconUserPlus,
      path: '/administration/invites',
    },
  ],
};

import type { FeatureModule } from '../../app/registry.ts';

export { openGroupInvitesQuery, useBatchInvites } from './api.ts';
export { BatchBar, batchAbilities, type BatchInvite } from './components/batch-bar.tsx';
export { Flash, refusedFlash, type FlashMessage } from './components/flash.tsx';
export { InternalInviteForm } from './components/internal-invite-form.tsx';
export { RenewDialog } from './components/renew-dialog.tsx';
export { batchSuccessKey, useInviteBatch } from './components/use-invite-batch.ts';

/**
 * Group invitations (administration spec, sections 2 to 8): the member's open invitations at
 * /invites, the invitations sent (the member's and a group's) with the batch bar, and the form
 * inviting members to a group.
 */
export const groupInvitesFeature: FeatureModule = {
  key: 'group-invites',
  namespaces: ['group-invites'],
  routes: [
    {
      path: 'invites',
      lazy: () => import('./pages/invites-page.tsx').then((m) => ({ Component: m.GroupInvitesPage })),
    },
    {
      path: 'invites/sent',
      lazy: () => import('./pages/sent-invites-page.tsx').then((m) => ({ Component: m.SentInvitesPage })),
    },
    {
      path: 'groups/:groupSlug/invites/sent',
      lazy: () => import('./pages/sent-invites-page.tsx').then((m) => ({ Component: m.SentInvitesPage })),
    },
    {
      path: 'groups/:groupSlug/membership_invites/new',
      lazy: () => import('./pages/new-invite-page.tsx').then((m) => ({ Component: m.NewInvitePage })),
    },
  ],
  userMenu: [
    {
      key: 'group_invites',
      label: 'group-invites:menu',
      section: 'personal',
      // After the notifications (10), before the calendar invites (30).
      order: 20,
      path: () => '/invites',
      unread: (unreads) => unreads.GroupInvites,
    },
  ],
};

import { defineModule } from '../../platform/loader/index.ts';
import { inviteRoutes } from './routes.ts';
import { createInvitesService } from './service.ts';

/** The invites inbox of every kind; the modules that own invites register their kind with it. */
export const invitesModule = defineModule({
  name: 'invites',
  needs: [],
  create: () => createInvitesService(),
  routes: (invites) => [inviteRoutes({ invites })],
  // The open invites of every kind the inbox holds (appointments', groups'), for the user menu.
  unreadCounters: (invites) => ({
    Invites: async (actor) => Object.values(await invites.openCounts(actor)).reduce((sum, n) => sum + n, 0),
  }),
});

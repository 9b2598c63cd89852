import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoLegal } from '../../seed/demo-legal.ts';
import { legalAcceptanceRoutes } from './acceptance-routes.ts';
import { legalAdminRoutes } from './admin-routes.ts';
import { legalRoutes } from './routes.ts';
import { createLegalService } from './service.ts';

/**
 * The imprint and the legal texts, their administration, and the acceptance members give to
 * texts that ask for it; the imprint closes every mail.
 */
export const legalModule = defineModule({
  name: 'legal',
  needs: [],
  create(platform) {
    const legal = createLegalService(platform.db, platform.events);
    platform.mailer.useImprint((networkId) => legal.mailImprint(networkId));
    return legal;
  },
  routes: (legal) => [legalRoutes({ legal }), legalAdminRoutes({ legal }), legalAcceptanceRoutes({ legal })],
  demo: async (demo: DemoNetwork): Promise<void> => void (await seedDemoLegal(demo.services, demo.network.id)),
});

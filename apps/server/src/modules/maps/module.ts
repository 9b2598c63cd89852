import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoMaps } from '../../seed/demo-maps.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { createNominatimGeocoder } from './geocoder.ts';
import { mapsProcessors } from './processors.ts';
import { mapRoutes } from './routes.ts';
import { createMapsService } from './service.ts';

type Needs = { members: MembersService; groups: GroupsService; networks: NetworksService };

/** The members' maps: members placed by their address, geocoded by a job. */
export const mapsModule = defineModule({
  name: 'maps',
  needs: ['members', 'groups', 'networks'],
  create(platform, needs: Needs) {
    const { config } = platform;
    const geocoder = config.geocoderUrl
      ? createNominatimGeocoder({ url: config.geocoderUrl, userAgent: `Agora (+${config.publicUrl})` })
      : null;
    const maps = createMapsService({
      db: platform.db,
      jobs: platform.jobs,
      log: platform.log,
      ...needs,
      geocoder,
      tiles: config.mapTiles,
    });
    if (geocoder) maps.registerWorker();
    return maps;
  },
  routes: (maps) => [mapRoutes({ maps })],
  processors: (maps) => mapsProcessors(maps),
  demo: async (demo: DemoNetwork): Promise<void> => void (await seedDemoMaps(demo)),
});

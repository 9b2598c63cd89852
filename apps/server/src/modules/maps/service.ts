import {
  ADDRESS_PROFILE_FIELD,
  MAP_MEMBERS_LIMIT,
  type LatLng,
  type MemberAddress,
  type MembersMap,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { PlatformLog } from '../../platform/loader/index.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { addressKey } from './address-key.ts';
import type { Geocoder } from './geocoder.ts';
import { createGeocodingRun, GEOCODE_QUEUE, type GeocodeJob } from './geocoding.ts';
import { mapPolicy } from './policy.ts';
import { presentMap, type MapTiles } from './present.ts';
import { createMapsRepository } from './repository.ts';

export type MapsService = ReturnType<typeof createMapsService>;

export type MapsDeps = {
  db: Db;
  jobs: Jobs;
  log: PlatformLog;
  members: MembersService;
  groups: GroupsService;
  networks: NetworksService;
  /** Null without a geocoder: addresses then stay unplaced (the demo seeds its coordinates). */
  geocoder: Geocoder | null;
  tiles: MapTiles | undefined;
};

/** Which map: the network's members, or one group's. */
export type MapScope = { type: 'network' } | { type: 'group'; slug: string };

export function createMapsService(deps: MapsDeps) {
  const repository = createMapsRepository(deps.db);
  const geocode = deps.geocoder
    ? createGeocodingRun({ ...deps, repository, geocoder: deps.geocoder })
    : async () => ({ geocoded: 0, failed: 0, next: null });

  /** The network and its settings when the actor may see its maps; 404 otherwise. */
  async function mapNetwork(actor: Actor) {
    const network = await deps.networks.get(actor.networkId);
    const settings = network ? deps.networks.settings(network) : null;
    if (!network || !settings || !allows(mapPolicy, 'read', actor, { networkId: network.id, settings })) {
      throw notFound();
    }
    return { network, settings };
  }

  return {
    /**
     * The members the actor may see on a map (of the network, or of a group the actor may see:
     * 404 for a hidden one), with the locations of their current addresses. Locked members
     * and contacts without sign-in are never on it. A fixed number of queries, whatever the number
     * of members.
     */
    async map(actor: Actor, scope: MapScope): Promise<MembersMap> {
      const { network, settings } = await mapNetwork(actor);
      const group = scope.type === 'group' ? (await deps.groups.loadForActor(actor, scope.slug)).group : null;
      const rows = await deps.members.withProfileValue(ADDRESS_PROFILE_FIELD, {
        networkId: network.id,
        onlyIds: group ? deps.groups.memberIdsQuery(group.id) : undefined,
        limit: MAP_MEMBERS_LIMIT + 1,
      });
      const considered = rows.slice(0, MAP_MEMBERS_LIMIT);
      // A group's few by id; the whole network's in one query rather than thousands of ids.
      const locations = group
        ? await repository.locationsOf([network.id, ...considered.map((row) => row.id)])
        : await repository.locationsOfNetwork(network.id);
      return presentMap({
        scope: group ? { type: 'group', id: group.id, slug: group.slug, name: group.name } : { type: 'network' },
        settings,
        networkName: network.name,
        networkLocation: locations.get(network.id),
        tiles: deps.tiles,
        rows: considered,
        locations,
        truncated: rows.length > MAP_MEMBERS_LIMIT,
      });
    },

    /**
     * Sends a geocoding run (of one network, or of all: the hourly sweep); nothing without a
     * geocoder. One per hour for all networks and one a minute per network, however many
     * processes ask: whether this call sent it.
     */
    async scheduleGeocoding(networkId?: string): Promise<boolean> {
      if (!deps.geocoder) return false;
      const id = await deps.jobs.send<GeocodeJob>(GEOCODE_QUEUE, networkId ? { networkId } : {}, {
        singletonKey: networkId ?? 'all-networks',
        singletonSeconds: networkId ? 60 : 60 * 60,
        retryLimit: 3,
        retryDelay: 60,
        retryBackoff: true,
      });
      return id !== null;
    },

    /** One geocoding run, as the job does it (tests call it with their own clock). */
    geocode,

    /**
     * Stores locations found elsewhere (the demo's, an import's) for members' addresses as they
     * are now, without asking the geocoder; null: the address is known not to be found.
     */
    async storeLocations(
      networkId: string,
      entries: Array<{ membershipId: string; address: MemberAddress; location: LatLng | null }>,
    ): Promise<void> {
      for (const { membershipId, address, location } of entries) {
        await repository.save({
          membershipId,
          networkId,
          address: addressKey(address),
          status: location ? 'found' : 'not_found',
          latitude: location?.latitude ?? null,
          longitude: location?.longitude ?? null,
        });
      }
    },

    /** Registers the worker of the geocoding job: one run per job, the next run sent when more is left. */
    registerWorker(): void {
      deps.jobs.work<GeocodeJob>(GEOCODE_QUEUE, async ({ data }) => {
        const result = await geocode(data);
        if (result.next) await deps.jobs.send<GeocodeJob>(GEOCODE_QUEUE, result.next);
      });
    },
  };
}

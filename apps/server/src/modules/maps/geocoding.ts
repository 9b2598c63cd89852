import { ADDRESS_PROFILE_FIELD, parseMemberAddress, type MemberAddress, type NetworkSettings } from '@agora/contracts';
import type { PlatformLog } from '../../platform/loader/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { addressKey } from './address-key.ts';
import type { Geocoder, GeocodeResult } from './geocoder.ts';
import type { MapsRepository, MemberLocationRow } from './repository.ts';

/** The job that geocodes: one run per job, the next run sent when more is left. */
export const GEOCODE_QUEUE = 'maps.geocode';

/** What a geocoding run is about: one network or all, from the member after `afterId`. */
export type GeocodeJob = { networkId?: string; afterId?: string };

/** Members looked at per run: their addresses are compared with the stored ones in memory. */
export const SCAN_PER_RUN = 500;
/** Addresses geocoded per run at most: at one a second, a run stays near a minute. */
export const GEOCODE_PER_RUN = 50;
/** A failed address is tried again on the first run this long after the failure. */
export const FAILED_RETRY_MS = 30 * 60 * 1000;
/** Failures in a row after which a run stops: the geocoder is away; the hourly sweep tries again. */
const FAILURES_BEFORE_GIVING_UP = 3;

export type GeocodeRunResult = { geocoded: number; failed: number; next: GeocodeJob | null };

type Deps = {
  repository: MapsRepository;
  members: MembersService;
  networks: NetworksService;
  geocoder: Geocoder;
  log: PlatformLog;
};

/** Whether a stored location answers for an address now: same address, and no failure due for a retry. */
function isCurrent(row: MemberLocationRow | undefined, key: string, now: Date): boolean {
  if (!row || row.address !== key) return false;
  return row.status !== 'failed' || now.getTime() - row.geocodedAt.getTime() < FAILED_RETRY_MS;
}

/**
 * One run of geocoding: walks the members with an address in id order from the job's cursor,
 * geocodes those of networks with maps enabled whose address has no current location (new,
 * changed, or failed a while ago), deletes the locations of members in the walked range who no
 * longer have an address, and says where the next run starts.
 */
export function createGeocodingRun(deps: Deps) {
  const { repository, geocoder } = deps;

  async function locate(address: MemberAddress): Promise<GeocodeResult | null> {
    try {
      return await geocoder.geocode(address);
    } catch (err) {
      deps.log.warn({ err }, 'geocoding an address failed; it is tried again later');
      return null;
    }
  }

  return async function run(job: GeocodeJob, now: Date = new Date()): Promise<GeocodeRunResult> {
    const settings = new Map<string, NetworkSettings | null>();
    let geocoded = 0;
    let failed = 0;
    let failuresInRow = 0;

    async function geocodeInto(id: string, networkId: string, address: MemberAddress, key: string) {
      const result = await locate(address);
      geocoded += 1;
      if (result === null) {
        failed += 1;
        failuresInRow += 1;
      } else {
        failuresInRow = 0;
      }
      await repository.save({
        membershipId: id,
        networkId,
        address: key,
        status: result?.status ?? 'failed',
        latitude: result?.status === 'found' ? result.latitude : null,
        longitude: result?.status === 'found' ? result.longitude : null,
        geocodedAt: now,
      });
    }

    /** A network's settings when its maps are on (its own location placed first), else null. */
    async function mapsOf(networkId: string): Promise<NetworkSettings | null> {
      if (settings.has(networkId)) return settings.get(networkId)!;
      const network = await deps.networks.get(networkId);
      const current = network ? deps.networks.settings(network) : null;
      const enabled = current?.maps_enabled ? current : null;
      settings.set(networkId, enabled);
      if (enabled) await placeNetwork(networkId, enabled);
      return enabled;
    }

    /** The network's location (`network_location`), kept as the location row with the network's id. */
    async function placeNetwork(networkId: string, current: NetworkSettings) {
      const address = parseMemberAddress(current.network_location);
      const stored = (await repository.locationsOf([networkId])).get(networkId);
      if (!address) {
        if (stored) await repository.remove(networkId);
        return;
      }
      const key = addressKey(address);
      if (!isCurrent(stored, key, now)) await geocodeInto(networkId, networkId, address, key);
    }

    if (job.networkId && !(await mapsOf(job.networkId))) return { geocoded, failed, next: null };

    const rows = await deps.members.withProfileValue(ADDRESS_PROFILE_FIELD, {
      networkId: job.networkId,
      afterId: job.afterId,
      limit: SCAN_PER_RUN,
    });
    const stored = await repository.locationsOf(rows.map((row) => row.id));
    const keep: string[] = [];
    let lastId = job.afterId;
    let stopped = false;
    for (const row of rows) {
      if (geocoded >= GEOCODE_PER_RUN || failuresInRow >= FAILURES_BEFORE_GIVING_UP) {
        stopped = true;
        break;
      }
      lastId = row.id;
      const address = parseMemberAddress(row.value);
      if (!address) continue;
      keep.push(row.id);
      if (!(await mapsOf(row.networkId))) continue;
      const key = addressKey(address);
      if (!isCurrent(stored.get(row.id), key, now)) await geocodeInto(row.id, row.networkId, address, key);
    }
    const walkedToEnd = !stopped && rows.length < SCAN_PER_RUN;
    await repository.removeOthersInRange({
      networkId: job.networkId,
      after: job.afterId,
      upTo: walkedToEnd ? undefined : lastId,
      keep,
    });
    // With the geocoder away, the run ends here rather than failing address after address.
    const givingUp = failuresInRow >= FAILURES_BEFORE_GIVING_UP;
    const movedOn = lastId !== undefined && lastId !== job.afterId;
    const next =
      walkedToEnd || givingUp || !movedOn
        ? null
        : { ...(job.networkId ? { networkId: job.networkId } : {}), afterId: lastId };
    return { geocoded, failed, next };
  };
}

import {
  addressText,
  MAP_UNPLACED_LIMIT,
  parseMemberAddress,
  type MapMarker,
  type MembersMap,
  type NetworkSettings,
  type UnplacedMember,
} from '@agora/contracts';
import { memberImages, memberName, type MemberProfileValueRow } from '../members/index.ts';
import { addressKey } from './address-key.ts';
import type { MemberLocationRow } from './repository.ts';

export type MapTiles = { urlTemplate: string; attribution: string };

const member = (row: MemberProfileValueRow) => ({
  id: row.id,
  name: memberName(row),
  path: `/members/${row.id}`,
  images: { small: memberImages(row).small },
});

/** The tile server's URL for the network's theme; the map library fills in `{z}`, `{x}`, `{y}`. */
export function tileLayer(tiles: MapTiles | undefined, theme: NetworkSettings['map_theme']): MembersMap['tiles'] {
  if (!tiles) return null;
  return { url_template: tiles.urlTemplate.replaceAll('{theme}', theme), attribution: tiles.attribution, theme };
}

/**
 * Members with an address, split into markers (a location found for their current address) and
 * the others, by name; the network's location opens the map.
 */
export function presentMap(input: {
  scope: MembersMap['scope'];
  settings: NetworkSettings;
  networkName: string;
  networkLocation: MemberLocationRow | undefined;
  tiles: MapTiles | undefined;
  rows: MemberProfileValueRow[];
  locations: Map<string, MemberLocationRow>;
  truncated: boolean;
}): MembersMap {
  const markers: MapMarker[] = [];
  const unplaced: UnplacedMember[] = [];
  for (const row of input.rows) {
    const address = parseMemberAddress(row.value);
    if (!address) continue;
    const location = input.locations.get(row.id);
    const current = location && location.address === addressKey(address) ? location : undefined;
    if (current?.status === 'found' && current.latitude !== null && current.longitude !== null) {
      markers.push({ ...member(row), latitude: current.latitude, longitude: current.longitude });
    } else {
      const reason = current?.status === 'not_found' || current?.status === 'failed' ? current.status : 'pending';
      unplaced.push({ ...member(row), address: addressText(address), reason });
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  unplaced.sort(byName);
  const networkAddress = parseMemberAddress(input.settings.network_location);
  const network = networkAddress ? placed(input.networkLocation, addressKey(networkAddress)) : null;
  return {
    scope: input.scope,
    view: { center: network, zoom: input.settings.zoom_level },
    point_of_interest:
      network && input.settings.map_scope_selection === 'poi'
        ? { ...network, name: input.networkName, address: addressText(networkAddress!) }
        : null,
    tiles: tileLayer(input.tiles, input.settings.map_theme),
    markers: markers.sort(byName),
    unplaced: { members: unplaced.slice(0, MAP_UNPLACED_LIMIT), total: unplaced.length },
    truncated: input.truncated,
  };
}

/** The coordinates of a location found for this very address, else null. */
function placed(row: MemberLocationRow | undefined, key: string) {
  if (!row || row.address !== key || row.status !== 'found' || row.latitude === null || row.longitude === null) {
    return null;
  }
  return { latitude: row.latitude, longitude: row.longitude };
}

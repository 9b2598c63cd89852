import { z } from './zod.ts';
import type { NetworkSettings } from './network.ts';

/**
 * The profile key (`memberships.profile`) of a member's postal address: the one value the maps
 * place members by, stored as `{street, number, zip, city, country}`.
 */
export const ADDRESS_PROFILE_FIELD = 'address';

export const memberAddressSchema = z.object({
  street: z.string().max(200).default(''),
  number: z.string().max(20).default(''),
  zip: z.string().max(10).default(''),
  city: z.string().max(200).default(''),
  country: z.string().max(200).default(''),
});
export type MemberAddress = z.infer<typeof memberAddressSchema>;

const ADDRESS_PARTS = ['street', 'number', 'zip', 'city', 'country'] as const;

/**
 * A stored profile value as an address: its text parts trimmed, anything else dropped; null for
 * a value that is no address or has no part filled in.
 */
export function parseMemberAddress(value: unknown): MemberAddress | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const address = Object.fromEntries(
    ADDRESS_PARTS.map((part) => {
      const text = stored[part];
      return [part, typeof text === 'string' || typeof text === 'number' ? String(text).trim() : ''];
    }),
  ) as MemberAddress;
  return ADDRESS_PARTS.some((part) => address[part] !== '') ? address : null;
}

/** An address on one line, as a letter would have it: "Musterstraße 1, 10115 Berlin, Deutschland". */
export function addressText(address: Partial<MemberAddress>): string {
  return [
    [address.street, address.number].filter(Boolean).join(' '),
    [address.zip, address.city].filter(Boolean).join(' '),
    address.country,
  ]
    .map((line) => line?.trim())
    .filter(Boolean)
    .join(', ');
}

/** How many members with an address a map considers at most; a larger network is cut, and says so. */
export const MAP_MEMBERS_LIMIT = 5000;
/** How many members without coordinates a map lists beside it (it tells how many there are). */
export const MAP_UNPLACED_LIMIT = 100;

export type MapZoomLevel = NetworkSettings['zoom_level'];
export type MapTheme = NetworkSettings['map_theme'];

/** A member as the map names them. */
export type MapMember = { id: string; name: string; path: string; images: { small: string | null } };

export type MapMarker = MapMember & { latitude: number; longitude: number };

/**
 * A member with an address the map cannot place (yet): `pending` until the geocoder has looked
 * it up, `not_found` when it found nothing, `failed` while it could not answer (tried again later).
 */
export type UnplacedMember = MapMember & { address: string; reason: 'pending' | 'not_found' | 'failed' };

export type LatLng = { latitude: number; longitude: number };

/** `GET /map/members` (the network) and `GET /groups/{slug}/map` (a group). */
export type MembersMap = {
  scope: { type: 'network' } | { type: 'group'; id: string; slug: string; name: string };
  /**
   * Where the map opens: the network's location (`network_location`, once placed) at the
   * network's `zoom_level`; without one, the markers decide (`center` null).
   */
  view: { center: LatLng | null; zoom: MapZoomLevel };
  /** The network's location as a marker of its own, when `map_scope_selection` is `poi` and it is placed. */
  point_of_interest: (LatLng & { name: string; address: string }) | null;
  /**
   * The tile layer: `MAP_TILE_URL` with `{theme}` replaced by the network's `map_theme`, keeping
   * `{z}`, `{x}`, `{y}` (and `{s}`, `{r}`) for the map library; null without a tile server.
   */
  tiles: { url_template: string; attribution: string; theme: MapTheme } | null;
  markers: MapMarker[];
  /** Members with an address but without coordinates, by name, at most MAP_UNPLACED_LIMIT. */
  unplaced: { members: UnplacedMember[]; total: number };
  /** More members have an address than the map considered (MAP_MEMBERS_LIMIT). */
  truncated: boolean;
};

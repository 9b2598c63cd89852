import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_PROFILE_FIELD, type MemberAddress, type MembersMap, type NetworkShell } from '@agora/contracts';
import {
  createMember,
  createTestApp,
  signIn,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';
import { FAILED_RETRY_MS } from './geocoding.ts';

const HOST = 'maps.test';
const TILES = 'https://tiles.example.org/{theme}/{z}/{x}/{y}.png';

/** A Nominatim stand-in: answers by city, records every request. */
type Seen = { at: number; query: URLSearchParams; userAgent: string | undefined };
const seen: Seen[] = [];
let answer: (query: URLSearchParams) => { status: number; body: unknown };
const PLACES: Record<string, [string, string]> = {
  Berlin: ['52.52', '13.40'],
  Hamburg: ['53.55', '9.99'],
  München: ['48.14', '11.58'],
};
const byCity = (query: URLSearchParams) => {
  const place = PLACES[query.get('city') ?? ''];
  return { status: 200, body: place ? [{ lat: place[0], lon: place[1], display_name: 'x' }] : [] };
};

let geocoder: Server;
let t: TestApp;
let networkId: string;
let memberSession: Session;
let outsiderSession: Session;
const ids: Record<string, string> = {};

const address = (street: string, city: string): MemberAddress => ({
  street,
  number: '1',
  zip: '10115',
  city,
  country: 'Deutschland',
});

async function setAddress(membershipId: string, value: MemberAddress | null) {
  await t.services.members.mergeProfileValues(networkId, [
    { id: membershipId, values: { [ADDRESS_PROFILE_FIELD]: value } },
  ]);
}

const SETTINGS = {
  maps_enabled: true,
  map_scope_selection: 'poi',
  zoom_level: 10,
  map_theme: 'alidade_smooth',
  network_location: { street: 'Musterstraße', number: '1', zip: '10115', city: 'Berlin', state: '', country: '' },
};

const get = (url: string, session?: Session) =>
  t.app.inject({ url, headers: session ? session.headers : { host: HOST, accept: 'application/json' } });

beforeAll(async () => {
  geocoder = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    seen.push({ at: Date.now(), query, userAgent: request.headers['user-agent'] });
    const { status, body } = answer(query);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const { port } = geocoder.address() as AddressInfo;
  t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}`, MAP_TILE_URL: TILES });
  networkId = (await t.services.networks.create({ name: 'Maps Network', language: 'en', host: HOST })).id;
  const people = {
    member: {},
    neighbour: { firstName: 'Nina', lastName: 'Nachbar' },
    outsider: {},
    locked: { locked: true },
    consumer: { consumer: true },
    unplaced: { firstName: 'Ulf', lastName: 'Unbekannt' },
  };
  for (const [key, options] of Object.entries(people)) {
    const { membership, user } = await createMember(t.services, networkId, options);
    ids[key] = membership.id;
    if (key === 'member') memberSession = await signIn(t.app, user.email, undefined, HOST);
    if (key === 'outsider') outsiderSession = await signIn(t.app, user.email, undefined, HOST);
  }
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'places', name: 'Place', pluralName: 'Places' },
  ]);
  const [secret] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'secret', name: 'Secret', access: 'hidden' },
  ]);
  await t.services.groups.addMembers(networkId, [
    { groupId: secret!.id, membershipId: ids.member!, role: 'admin' },
    { groupId: secret!.id, membershipId: ids.neighbour!, role: 'member' },
  ]);
  await setAddress(ids.member!, address('Lindenallee', 'Berlin'));
  await setAddress(ids.neighbour!, address('Elbchaussee', 'Hamburg'));
  await setAddress(ids.locked!, address('Geheimweg', 'Berlin'));
  await setAddress(ids.consumer!, address('Kontaktweg', 'Berlin'));
  await setAddress(ids.unplaced!, address('Am Nirgendwo', 'Nirgendwo'));
  await t.services.events.settled();
  await t.services.jobs.settled();
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => geocoder.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  answer = byCity;
});

describe('the maps while the network has them off', () => {
  it('asks for sign-in, then answers 404 for the network map and every group map', async () => {
    expect((await get('/map/members')).statusCode).toBe(401);
    expect((await get('/groups/secret/map')).statusCode).toBe(401);
    expect((await get('/map/members', memberSession)).statusCode).toBe(404);
    expect((await get('/map/members.json', memberSession)).statusCode).toBe(404);
    expect((await get('/groups/secret/map', memberSession)).statusCode).toBe(404);
    // The web app links the maps only while they exist.
    expect((await get('/api/v1/network', memberSession)).json<NetworkShell>().config.maps).toEqual({ enabled: false });
  });

  it('geocodes nothing: no address of the network leaves the server', async () => {
    expect(await t.services.maps.geocode({ networkId })).toEqual({ geocoded: 0, failed: 0, next: null });
    expect(seen).toEqual([]);
  });
});

describe('geocoding members’ addresses', () => {
  it('turning the maps on geocodes the network’s location and its members’ addresses, one request a second', async () => {
    await t.services.networks.updateSettings(networkId, SETTINGS as never);
    await t.services.events.settled();
    await t.services.jobs.settled(20_000);
    // The network's location, then the member, the neighbour and the unknown place; neither the
    // locked member nor the contact.
    expect(seen.map((s) => s.query.get('street'))).toEqual([
      '1 Musterstraße',
      '1 Lindenallee',
      '1 Elbchaussee',
      '1 Am Nirgendwo',
    ]);
    expect(seen[1]!.query.get('city')).toBe('Berlin');
    expect(seen[1]!.query.get('postalcode')).toBe('10115');
    expect(seen[1]!.query.get('format')).toBe('jsonv2');
    for (const request of seen) expect(request.userAgent).toBe('Agora (+http://localhost:3000)');
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(990);
  }, 30_000);

  it('sends one run for all networks an hour and one a minute per network, however many processes ask', async () => {
    // The server's start sent this hour's already.
    expect(await t.services.maps.scheduleGeocoding()).toBe(false);
    const other = await t.services.networks.create({ name: 'Other', language: 'en', host: 'other-maps.test' });
    expect(await t.services.maps.scheduleGeocoding(other.id)).toBe(true);
    expect(await t.services.maps.scheduleGeocoding(other.id)).toBe(false);
    await t.services.jobs.settled();
  });

  it('keeps what it found: a second run asks nothing', async () => {
    expect(await t.services.maps.geocode({ networkId })).toEqual({ geocoded: 0, failed: 0, next: null });
    expect(seen).toEqual([]);
  });

  it('geocodes a changed address again, and only that one', async () => {
    await setAddress(ids.neighbour!, address('Leopoldstraße', 'München'));
    expect(await t.services.maps.geocode({ networkId })).toMatchObject({ geocoded: 1, failed: 0 });
    expect(seen.map((s) => s.query.get('city'))).toEqual(['München']);
    const map = (await get('/map/members', memberSession)).json<MembersMap>();
    expect(map.markers.find((m) => m.id === ids.neighbour)).toMatchObject({ latitude: 48.14, longitude: 11.58 });
  });

  it('marks an address the geocoder could not answer for as failed and tries it again later', async () => {
    answer = () => ({ status: 503, body: { error: 'busy' } });
    await setAddress(ids.neighbour!, address('Alsterweg', 'Hamburg'));
    expect(await t.services.maps.geocode({ networkId })).toMatchObject({ geocoded: 1, failed: 1 });
    let map = (await get('/map/members', memberSession)).json<MembersMap>();
    expect(map.markers.map((m) => m.id)).not.toContain(ids.neighbour);
    expect(map.unplaced.members.find((m) => m.id === ids.neighbour)).toMatchObject({
      reason: 'failed',
      address: 'Alsterweg 1, 10115 Hamburg, Deutschland',
    });

    answer = byCity;
    seen.length = 0;
    // Not at once ...
    expect(await t.services.maps.geocode({ networkId })).toMatchObject({ geocoded: 0 });
    // ... but once the retry is due.
    const later = new Date(Date.now() + FAILED_RETRY_MS + 1000);
    expect(await t.services.maps.geocode({ networkId }, later)).toMatchObject({ geocoded: 1, failed: 0 });
    expect(seen.map((s) => s.query.get('street'))).toEqual(['1 Alsterweg']);
    map = (await get('/map/members', memberSession)).json<MembersMap>();
    expect(map.markers.find((m) => m.id === ids.neighbour)).toMatchObject({ latitude: 53.55, longitude: 9.99 });
  });

  it('stops a run after three failures in a row and leaves the rest to the next', async () => {
    answer = () => ({ status: 500, body: {} });
    for (const key of ['member', 'neighbour', 'unplaced']) await setAddress(ids[key]!, address(`Neu ${key}`, 'Berlin'));
    ids.extra = (await createMember(t.services, networkId)).membership.id;
    await setAddress(ids.extra, address('Neu extra', 'Berlin'));
    const result = await t.services.maps.geocode({ networkId });
    expect(result).toEqual({ geocoded: 3, failed: 3, next: null });
    answer = byCity;
    const later = new Date(Date.now() + FAILED_RETRY_MS + 1000);
    expect(await t.services.maps.geocode({ networkId }, later)).toMatchObject({ geocoded: 4, failed: 0 });
  }, 20_000);

  it('forgets the location of a member whose address is gone', async () => {
    await setAddress(ids.unplaced!, null);
    await t.services.maps.geocode({ networkId });
    const map = (await get('/map/members', memberSession)).json<MembersMap>();
    expect([...map.markers, ...map.unplaced.members].map((m) => m.id)).not.toContain(ids.unplaced);
  });
});

describe('GET /map/members', () => {
  it('answers the members with coordinates as markers and the others apart, never locked members or contacts', async () => {
    await setAddress(ids.unplaced!, address('Am Nirgendwo', 'Nirgendwo'));
    await t.services.maps.geocode({ networkId });
    const response = await get('/map/members.json', memberSession);
    expect(response.statusCode).toBe(200);
    const map = response.json<MembersMap>();
    expect(map.scope).toEqual({ type: 'network' });
    expect(map.markers.map((m) => m.id).sort()).toEqual([ids.member, ids.neighbour, ids.extra].sort());
    expect(map.markers.find((m) => m.id === ids.member)).toMatchObject({
      path: `/members/${ids.member}`,
      latitude: 52.52,
      longitude: 13.4,
    });
    expect(map.unplaced).toEqual({
      members: [
        expect.objectContaining({
          id: ids.unplaced,
          name: 'Ulf Unbekannt',
          reason: 'not_found',
          path: `/members/${ids.unplaced}`,
        }),
      ],
      total: 1,
    });
    const everyone = [...map.markers, ...map.unplaced.members].map((m) => m.id);
    expect(everyone).not.toContain(ids.locked);
    expect(everyone).not.toContain(ids.consumer);
    expect(map.truncated).toBe(false);
  });

  it('opens on the network’s location at its zoom level and hands over the tile layer’s URL for its theme', async () => {
    expect((await get('/api/v1/network', memberSession)).json<NetworkShell>().config.maps).toEqual({ enabled: true });
    const map = (await get('/map/members', memberSession)).json<MembersMap>();
    expect(map.view).toEqual({ center: { latitude: 52.52, longitude: 13.4 }, zoom: 10 });
    expect(map.point_of_interest).toEqual({
      latitude: 52.52,
      longitude: 13.4,
      name: 'Maps Network',
      address: 'Musterstraße 1, 10115 Berlin',
    });
    expect(map.tiles).toEqual({
      url_template: 'https://tiles.example.org/alidade_smooth/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      theme: 'alidade_smooth',
    });
  });

  it('shows no point of interest when the map shows all members', async () => {
    await storeNetworkSettings(t.database.db, networkId, { ...SETTINGS, map_scope_selection: 'all' });
    const map = (await get('/map/members', memberSession)).json<MembersMap>();
    expect(map.point_of_interest).toBeNull();
    expect(map.view.center).toEqual({ latitude: 52.52, longitude: 13.4 });
    await storeNetworkSettings(t.database.db, networkId, SETTINGS);
  });
});

describe('GET /groups/{slug}/map', () => {
  it('answers 404 for a hidden group to a member outside it, and for an unknown group', async () => {
    expect((await get('/groups/secret/map', outsiderSession)).statusCode).toBe(404);
    expect((await get('/groups/nothing-here/map', memberSession)).statusCode).toBe(404);
  });

  it('answers a group’s members only to a member of it', async () => {
    const response = await get('/groups/secret/map.json', memberSession);
    expect(response.statusCode).toBe(200);
    const map = response.json<MembersMap>();
    expect(map.scope).toMatchObject({ type: 'group', slug: 'secret', name: 'Secret' });
    expect(map.markers.map((m) => m.id).sort()).toEqual([ids.member, ids.neighbour].sort());
    expect(map.unplaced.total).toBe(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MembersMap } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { initialView } from '../components/members-leaflet-map.tsx';
import { GroupMapPage, NetworkMapPage } from './map-page.tsx';

const id = (n: number) => String(n).padStart(24, 'a');
const person = (n: number, name: string) => ({
  id: id(n),
  name,
  path: `/members/${id(n)}`,
  images: { small: null },
});

const MAP: MembersMap = {
  scope: { type: 'network' },
  view: { center: { latitude: 52.52, longitude: 13.4 }, zoom: 6 },
  point_of_interest: { latitude: 52.52, longitude: 13.4, name: 'Acme Demo', address: 'Musterstraße 1, 10115 Berlin' },
  tiles: {
    url_template: 'https://tiles.example.org/osm_bright/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    theme: 'osm_bright',
  },
  markers: [
    { ...person(1, 'Max Meier'), latitude: 52.54, longitude: 13.41 },
    { ...person(2, 'Lena Schmidt'), latitude: 48.13, longitude: 11.57 },
  ],
  unplaced: {
    members: [{ ...person(3, 'Nora Lehmann'), address: 'Am Nirgendwo 99, 99999 Nirgendwo', reason: 'not_found' }],
    total: 1,
  },
  truncated: false,
};

// Leaflet lays out tiles for the size of its container, which jsdom does not compute.
const sizes = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  for (const key of sizes) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 512 });
});
afterAll(() => {
  // Back to jsdom's own (on Element.prototype).
  for (const key of sizes) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const routes = [
  { path: '/map', element: <NetworkMapPage /> },
  { path: '/groups/:groupSlug/map', element: <GroupMapPage /> },
];

describe('the map page', () => {
  it('places the members with coordinates as markers and lists the others beside the map', async () => {
    stubFetch({ 'GET /map/members': { status: 200, body: MAP } });
    const { container } = renderRoutes(routes, '/map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Map of members' })).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.leaflet-marker-icon').length).toBe(3));
    const titles = [...container.querySelectorAll('.leaflet-marker-icon')].map((m) => m.getAttribute('title'));
    expect(titles).toEqual(expect.arrayContaining(['Max Meier', 'Lena Schmidt', 'Location of Acme Demo']));
    expect(container.querySelector('.leaflet-marker-icon[title="Max Meier"]')!.textContent).toBe('MM');
    expect(screen.getByText('2 members on the map')).toBeTruthy();

    const list = screen.getByTestId('unplaced-list');
    const nora = within(list).getByRole('link', { name: 'Nora Lehmann' });
    expect(nora.getAttribute('href')).toBe(`/members/${id(3)}`);
    expect(within(list).getByText('Am Nirgendwo 99, 99999 Nirgendwo')).toBeTruthy();
    expect(within(list).getByText('Address not found')).toBeTruthy();
    // Members on the map are not listed again.
    expect(within(list).queryByText('Max Meier')).toBeNull();
  });

  it('loads the tiles from the tile server’s URL template, with the credit', async () => {
    stubFetch({ 'GET /map/members': { status: 200, body: MAP } });
    const { container } = renderRoutes(routes, '/map');
    await waitFor(() => expect(container.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    const sources = [...container.querySelectorAll('img.leaflet-tile')].map((img) => img.getAttribute('src'));
    for (const src of sources) expect(src).toMatch(/^https:\/\/tiles\.example\.org\/osm_bright\/6\/\d+\/\d+\.png$/);
    expect(container.querySelector('.leaflet-control-attribution')!.textContent).toContain(
      '© OpenStreetMap contributors',
    );
    expect(screen.queryByTestId('no-tiles')).toBeNull();
  });

  it('says so and shows the markers on a plain background without a tile server', async () => {
    stubFetch({ 'GET /map/members': { status: 200, body: { ...MAP, tiles: null } } });
    const { container } = renderRoutes(routes, '/map');
    expect(await screen.findByTestId('no-tiles')).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.leaflet-marker-icon').length).toBe(3));
    expect(container.querySelectorAll('img.leaflet-tile').length).toBe(0);
  });

  it('groups many markers into clusters, also without a tile server', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...person(100 + i, `Member ${i}`),
      latitude: 52.5 + i * 0.0001,
      longitude: 13.4,
    }));
    stubFetch({
      'GET /map/members': { status: 200, body: { ...MAP, tiles: null, point_of_interest: null, markers: many } },
    });
    const { container } = renderRoutes(routes, '/map');
    await waitFor(() => expect(container.querySelector('.marker-cluster')).toBeTruthy());
    expect(container.querySelector('.marker-cluster')!.textContent).toBe('30');
    expect(screen.getByText('30 members on the map')).toBeTruthy();
  });

  it('links a marker’s popup to the member’s profile', async () => {
    stubFetch({ 'GET /map/members': { status: 200, body: MAP } });
    const { container } = renderRoutes(routes, '/map');
    await waitFor(() => expect(container.querySelector('.leaflet-marker-icon[title="Lena Schmidt"]')).toBeTruthy());
    (container.querySelector('.leaflet-marker-icon[title="Lena Schmidt"]') as HTMLElement).click();
    const link = await screen.findByRole('link', { name: 'Open profile' });
    expect(link.getAttribute('href')).toBe(`/members/${id(2)}`);
  });

  it('shows a group’s map under the group’s name, and the not-found page while maps are off', async () => {
    const group: MembersMap = {
      ...MAP,
      scope: { type: 'group', id: id(9), slug: 'berlin', name: 'Berlin' },
      unplaced: { members: [], total: 0 },
    };
    stubFetch({ 'GET /groups/berlin/map': { status: 200, body: group } });
    renderRoutes(routes, '/groups/berlin/map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Map: Berlin' })).toBeTruthy();
    expect(screen.getByText('Every member with an address is on the map.')).toBeTruthy();

    stubFetch({});
    renderRoutes(routes, '/map');
    expect(await screen.findByText(i18n.t('common:missing.not_found.map.title'))).toBeTruthy();
  });
});

describe('initialView', () => {
  it('opens on the point of interest at the zoom level, else around the markers, else the network, else the world', () => {
    expect(initialView(MAP)).toEqual({ center: [52.52, 13.4], zoom: 6 });
    const noPoi = { ...MAP, point_of_interest: null };
    expect(initialView(noPoi)).toMatchObject({
      bounds: [
        [52.54, 13.41],
        [48.13, 11.57],
      ],
    });
    expect(initialView({ ...noPoi, markers: [] })).toEqual({ center: [52.52, 13.4], zoom: 6 });
    expect(initialView({ ...noPoi, markers: [], view: { center: null, zoom: 6 } })).toEqual({
      center: [30, 10],
      zoom: 1,
    });
  });
});

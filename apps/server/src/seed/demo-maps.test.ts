import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembersMap } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

describe('the demo network’s maps', () => {
  it('are on, open on the Berlin office, and place the members without a geocoder', async () => {
    const max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
    const response = await t.app.inject({ url: '/map/members', headers: max.headers });
    expect(response.statusCode, response.body).toBe(200);
    const map = response.json<MembersMap>();
    expect(map.point_of_interest).toMatchObject({
      name: 'Acme Demo',
      address: 'Musterstraße 1, 10115 Berlin, Deutschland',
    });
    expect(map.view).toEqual({ center: { latitude: 52.5321, longitude: 13.3849 }, zoom: 6 });
    expect(map.markers.length).toBeGreaterThanOrEqual(25);
    expect(map.markers.map((m) => m.name)).toContain('Max Meier');
    expect(map.unplaced.members.map((m) => [m.name, m.reason])).toEqual([['Nora Lehmann', 'not_found']]);

    const berlin = (await t.app.inject({ url: '/groups/berlin/map', headers: max.headers })).json<MembersMap>();
    expect(berlin.markers.map((m) => m.name).sort()).toEqual(
      ['Anna Adler', 'Ben Lange', 'David Hofmann', 'Julia Schmitt', 'Lea Hartmann', 'Max Meier'].sort(),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupCategory } from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
let anna: Session;
let max: Session;
let lena: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  anna = await signIn(t.app, 'anna.admin@example.com', DEMO_PASSWORD);
  max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
  lena = await signIn(t.app, 'lena.schmidt@example.com', DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

const get = async <T>(session: Session, url: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo network’s groups', () => {
  it('orders its categories, the interest groups last', async () => {
    const categories = await get<GroupCategory[]>(anna, '/administration/group-categories');
    expect(categories.map((c) => c.slug)).toEqual(['teams', 'projects', 'locations', 'interessen']);
  });

  it('has open, moderated, closed and hidden groups with descriptions', async () => {
    const engineering = await get<Group>(max, '/api/v1/groups/engineering');
    expect(engineering.description).toContain('<p>Building and running the product.');
    // Max administrates Engineering.
    expect(engineering.can.update).toBe(true);
    const bookClub = await get<Group>(max, '/api/v1/groups/buchclub');
    expect(bookClub).toMatchObject({ access: 'open', moderated_join: true, can: { join_moderated: true } });
    const advice = await get<Group>(max, '/api/v1/groups/betriebliche-sozialberatung');
    expect(advice).toMatchObject({ access: 'closed', sensitive: true });
    const hidden = await t.app.inject({ url: '/api/v1/groups/interessen-koordination', headers: max.headers });
    expect(hidden.statusCode).toBe(404);
  });

  it('makes Lena the admin of the interest groups’ category', async () => {
    const page = await get<{ groups: Array<{ slug: string }>; group_category: GroupCategory }>(
      lena,
      '/api/v1/group-categories/interessen/administration',
    );
    expect(page.group_category.can.create).toBe(true);
    expect(page.groups.map((g) => g.slug)).toEqual([
      'betriebliche-sozialberatung',
      'buchclub',
      'interessen-koordination',
      'laufgruppe',
    ]);
    const main = await get<Group>(lena, '/api/v1/groups/interessen-koordination');
    expect(main).toMatchObject({ hidden_main_group: true, can: { update: true, destroy: true } });
  });
});

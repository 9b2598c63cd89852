import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupJoinRequestPage, Unreads, UserbarGroups } from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
let max: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: max.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo network’s group membership', () => {
  it('gives Max join requests to decide in Engineering, counted and notified', async () => {
    const page = await get<GroupJoinRequestPage>('/groups/engineering/administration/join_requests');
    expect(page.join_requests.map((r) => r.member.displayName)).toEqual([
      'Mia Zimmermann',
      'Ben Lange',
      'Julia Schmitt',
    ]);
    const unreads = await get<Unreads>('/api/v1/unreads');
    expect(unreads.GroupJoinRequests).toEqual([
      expect.objectContaining({ group_slug: 'engineering', open_join_requests: 3 }),
    ]);
    const notifications = await get<{ notifications: Array<{ type: string }> }>('/api/v1/notifications?limit=50');
    expect(notifications.notifications.filter((n) => n.type === 'group_join_requested')).toHaveLength(3);
  });

  it('has moderated and closed groups Max can ask to join, and his favourites first', async () => {
    expect(await get<Group>('/api/v1/groups/buchclub')).toMatchObject({
      membership_status_of_current_member: 'no_member',
      can: { join_moderated: true },
    });
    expect((await get<Group>('/api/v1/groups/human-resources')).can.join_moderated).toBe(true);
    const bar = await get<UserbarGroups>('/api/v1/userbar/groups');
    const teams = bar.categories.find((c) => c.slug === 'teams')!;
    expect(teams.groups[0]).toMatchObject({ slug: 'engineering', favorited: true });
    expect((await get<Group>('/api/v1/groups/berlin')).favorited).toBe(true);
  });
});

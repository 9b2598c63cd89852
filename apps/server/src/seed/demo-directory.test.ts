import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryCategoryResult, DirectoryMembersResult } from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;
let max: Session;
let teamsId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { categories } = await seedDemo(t.services);
  teamsId = categories.find((c) => c.slug === 'teams')!.id;
  max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
}, 300_000);
afterAll(() => t.close());

async function members(query: Record<string, string> = {}) {
  const response = await t.app.inject({ url: '/directory/members', query, headers: max.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectoryMembersResult>();
}

describe("the demo network's directory", () => {
  it('shows department, position, office and phone, and filters by department, office and languages', async () => {
    const all = await members();
    expect(all.total).toBe(28);
    expect(all.profile_fields).toEqual(['department', 'position', 'location', 'phone']);
    expect(all.filters.map((f) => f.field)).toEqual(['department', 'location', 'languages']);
    const departments = all.filters[0]!.options;
    expect(departments.length).toBeGreaterThanOrEqual(6);
    expect(departments).toContainEqual({ value: 'Entwicklung', count: 7 });
    const max = all.members.find((m) => m.displayName === 'Max Meier')!;
    expect(max.profile).toMatchObject({ department: 'Entwicklung', location: 'Berlin' });
    expect(max.profile.position).toBeTruthy();
  });

  it('narrows by a filter enough to be useful', async () => {
    const engineering = await members({ 'filter[department]': 'Entwicklung' });
    expect(engineering.total).toBe(7);
    const inBerlin = await members({ 'filter[department]': 'Entwicklung', 'filter[location]': 'Berlin' });
    expect(inBerlin.total).toBeGreaterThan(0);
    expect(inBerlin.total).toBeLessThan(engineering.total);
  });

  it("lists the teams with Max's states", async () => {
    const response = await t.app.inject({ url: `/directory/${teamsId}.json`, headers: max.headers });
    const teams = response.json<DirectoryCategoryResult>();
    const engineering = teams.groups.find((g) => g.slug === 'engineering')!;
    expect(engineering.membership_status_of_current_member).toBe('member');
    // Max is not in every team: the tab offers him something to do.
    expect(teams.groups.some((g) => g.membership_status_of_current_member !== 'member')).toBe(true);
  });
});

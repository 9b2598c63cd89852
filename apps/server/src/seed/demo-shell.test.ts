import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryResult, MemberSearchResult, NetworkShell, UserbarGroups } from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;
let max: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: max.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo network in the shell', () => {
  it('has its own design, and a project category and a group with designs of their own', async () => {
    const shell = await get<NetworkShell>('/api/v1/network');
    expect(shell.theme.colors).toMatchObject({ primary: '#1971c2', header_background: '#ffffff' });
    const projects = shell.group_categories.find((c) => c.slug === 'projects')!;
    expect(projects.active_theme?.colors.primary).toBe('#0c8599');
    expect(shell.group_categories.find((c) => c.slug === 'teams')!.active_theme).toBeNull();
    const launch = await get<{ active_theme: { colors: { primary: string } } | null }>('/api/v1/groups/product-launch');
    expect(launch.active_theme?.colors.primary).toBe('#7048e8');
  });

  it("records Anna's design change in the audit log, which only admins read", async () => {
    const anna = await signIn(t.app, 'anna.admin@example.com', DEMO_PASSWORD);
    const response = await t.app.inject({ url: '/api/v1/administration/audit_log', headers: anna.headers });
    expect(response.statusCode, response.body).toBe(200);
    const log = response.json<{
      entries: Array<{ event_type: string; actor: { name: string } | null }>;
      total: number;
    }>();
    // Beside it: what the demo's other writes record (members' published profile pictures, say).
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        event_type: 'PolicySettingUpdate',
        actor: expect.objectContaining({ displayName: 'Anna Adler' }),
      }),
    );
    const refused = await t.app.inject({ url: '/api/v1/administration/audit_log', headers: max.headers });
    expect(refused.statusCode).toBe(403);
  });

  it("fills Max's user bar with his groups by category", async () => {
    const userbar = await get<UserbarGroups>('/api/v1/userbar/groups');
    expect(userbar.categories.map((c) => [c.slug, c.groups.map((g) => g.slug)])).toEqual([
      ['teams', ['engineering', 'marketing']],
      ['projects', ['product-launch', 'website-relaunch']],
      ['locations', ['berlin']],
      // Every category has its section, also one where Max is in no group yet.
      ['interessen', []],
    ]);
  });

  it('finds colleagues and offers membership roles', async () => {
    const found = await get<MemberSearchResult>('/members?q=schm');
    expect(found.members.map((m) => m.displayName)).toEqual(['Lena Schmidt', 'Julia Schmitt']);
    const directory = await get<DirectoryResult>('/directory?include_membership_roles=true');
    expect(directory.membership_roles.map((r) => r.name)).toEqual([
      'Betriebsrat',
      'Brandschutzhelfer:in',
      'Ersthelfer:in',
      'Projektleitung',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTheme, themeSchema, type NetworkShell } from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('themes in the shell', () => {
  it('gives a network without a design the plain one, with derived colours', async () => {
    const network = await createNetwork(t.services, { host: 'plain.test' });
    const { session } = await signedInMember(t.app, t.services, network.id, {}, 'plain.test');
    const body = (await t.app.inject({ url: '/api/v1/network', headers: session.headers })).json<NetworkShell>();
    expect(body.theme).toEqual(deriveTheme(themeSchema.parse({})));
  });

  it("gives the network's design, category designs that override it, and the group's own", async () => {
    const network = await t.services.networks.create({
      name: 'Designed',
      host: 'designed.test',
      theme: { colors: { primary: '#1971c2', header_background: '#ffffff' }, logoType: 'extended' },
    });
    const [teams, projects] = await t.services.groups.createCategories(network.id, [
      { slug: 'teams', name: 'Team', pluralName: 'Teams', theme: { colors: { primary: '#e03131' } } },
      {
        slug: 'projects',
        name: 'Projekt',
        pluralName: 'Projekte',
        position: 1,
        theme: { override: true, colors: { primary: '#0c8599' } },
      },
    ]);
    const [plain, purple] = await t.services.groups.createGroups(network.id, [
      { groupCategoryId: teams!.id, slug: 'plain', name: 'Plain' },
      {
        groupCategoryId: projects!.id,
        slug: 'purple',
        name: 'Purple',
        theme: { override: true, colors: { primary: '#7048e8' } },
      },
    ]);
    const { session } = await signedInMember(t.app, t.services, network.id, {}, 'designed.test');

    const shell = (await t.app.inject({ url: '/api/v1/network', headers: session.headers })).json<NetworkShell>();
    expect(shell.theme).toMatchObject({
      override: false,
      logoType: 'extended',
      colors: { primary: '#1971c2', header_background: '#ffffff', userbar_background: '#f8f9fa' },
      derivedColors: { primary_contrast_text: '#ffffff', header_border: '#e6e6e6' },
    });
    expect(shell.group_categories.map((c) => [c.slug, c.active_theme?.colors.primary ?? null])).toEqual([
      ['teams', null],
      ['projects', '#0c8599'],
    ]);

    const group = (slug: string) => t.app.inject({ url: `/api/v1/groups/${slug}`, headers: session.headers });
    expect((await group(plain!.slug)).json().active_theme).toBeNull();
    expect((await group(purple!.slug)).json().active_theme).toMatchObject({
      override: true,
      colors: { primary: '#7048e8' },
      derivedColors: { primary_contrast_text: '#ffffff' },
    });
  });

  it('falls back to the plain design when the stored one cannot be read', async () => {
    const network = await t.services.networks.create({
      name: 'Broken',
      host: 'broken.test',
      theme: { colors: { primary: 'blue' } } as never,
    });
    const { session } = await signedInMember(t.app, t.services, network.id, {}, 'broken.test');
    const shell = (await t.app.inject({ url: '/api/v1/network', headers: session.headers })).json<NetworkShell>();
    expect(shell.theme.colors.primary).toBe('#1864ab');
  });
});

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NetworkShell } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { renderRoutes, stubFetch } from '../../testing/render.tsx';
import { DirectoryBar } from './directory-bar.tsx';

function network(maps: boolean | undefined): NetworkShell {
  const shell = networkShell();
  return {
    ...shell,
    language: 'en',
    config: { ...shell.config, ...(maps === undefined ? {} : { maps: { enabled: maps } }) },
  };
}

const routes = [{ path: '*', element: <DirectoryBar /> }];

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the directory bar’s map links', () => {
  it('links the network’s map while maps are on, and a group’s map on the group’s pages', async () => {
    stubFetch({ 'GET /api/v1/network': { status: 200, body: network(true) } });
    renderRoutes(routes, '/groups/berlin/members');
    expect((await screen.findByRole('link', { name: 'Map' })).getAttribute('href')).toBe('/map');
    expect(screen.getByRole('link', { name: 'Map of this group' }).getAttribute('href')).toBe('/groups/berlin/map');
  });

  it('links no map while maps are off', async () => {
    stubFetch({ 'GET /api/v1/network': { status: 200, body: network(false) } });
    renderRoutes(routes, '/members');
    expect(await screen.findByRole('link', { name: 'Members' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Map' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { activeModuleTable } from '../features.ts';
import {
  activeModuleFor,
  activeModuleTable as buildTable,
  DEFAULT_USERBAR_MODULE,
  userbarModuleFor,
} from './active-module.ts';

describe('activeModuleFor', () => {
  it.each([
    ['/activitystreams', 'activities'],
    ['/activitystreams/all', 'activities'],
    ['/groups/engineering/activitystreams/all', 'activities'],
    ['/activities/5f0c7e1a2b3c4d5e6f708192', 'activities'],
    ['/invites', 'activities'],
    ['/notifications', 'activities'],
    ['/messages', 'messages'],
    ['/messages/5f0c7e1a2b3c4d5e6f708192', 'messages'],
    ['/appointments', 'calendars'],
    ['/appointments/invites', 'calendars'],
    ['/calendars/participating', 'calendars'],
    ['/groups/engineering/calendars', 'calendars'],
    ['/tasks/starred', 'tasks'],
    ['/files/folders/new', 'files'],
    ['/groups/engineering/files', 'files'],
    ['/info', 'info'],
    ['/imprint', 'info'],
    ['/legal/datenschutz', 'info'],
    ['/search', 'search'],
    ['/groups/engineering/search', 'search'],
    ['/administration', 'administration'],
    ['/administration/mails', 'administration'],
    ['/groups/engineering/administration/navigation/edit', 'administration'],
    ['/group-categories/teams/administration/invites/new', 'administration'],
    ['/groups/engineering/invites/sent', 'administration'],
    ['/invites/sent', 'administration'],
    ['/invites/new', 'administration'],
    ['/groups/engineering/edit', 'administration'],
    ['/channels/news/administration', 'channel_administration'],
    ['/channels/news/widgets/5f0c/edit', 'channel_administration'],
    ['/directory', 'directory'],
    ['/directory/channels', 'directory'],
    ['/directory/teams', 'directory'],
    ['/members', 'directory'],
    ['/map/members', 'directory'],
    ['/groups/engineering/members', 'directory'],
    ['/groups/engineering/membership_invites/new', 'directory'],
    ['/pages/welcome', 'pages'],
    ['/groups/engineering/pages/welcome', 'pages'],
    ['/apps/tickets/items/1', 'pages'],
    ['/members/5f0c7e1a2b3c4d5e6f708192', 'members'],
    ['/members/5f0c7e1a2b3c4d5e6f708192/locale_settings', 'members'],
    ['/users/edit', 'members'],
    ['/channels', 'channels'],
    ['/channels/news', 'channels'],
    ['/blogs/1/articles/2', 'channels'],
  ])('%s belongs to %s', (path, key) => {
    expect(activeModuleFor(path, activeModuleTable)).toBe(key);
  });

  it.each(['/', '/report/new', '/something/else'])('%s belongs to no module', (path) => {
    expect(activeModuleFor(path, activeModuleTable)).toBeNull();
  });

  it('tries patterns by priority, then in the order the features list them, then the built-in ones', () => {
    const table = buildTable(
      [
        { activeModules: [['/things/:id', 'members']] },
        { activeModules: [['/things/*', 'administration', -1]] },
        { activeModules: [['/things/mine', 'files', 1]] },
      ],
      [['/things/mine', 'search']],
    );
    expect(table).toEqual([
      ['/things/*', 'administration'],
      ['/things/:id', 'members'],
      ['/things/mine', 'search'],
      ['/things/mine', 'files'],
    ]);
    expect(activeModuleFor('/things/mine', table)).toBe('administration');
  });
});

describe('userbarModuleFor', () => {
  const Bar = () => null;
  const switcher = [
    { module: 'activities' as const, bar: Bar },
    { module: 'calendars' as const, bar: Bar },
    { module: 'directory' as const, bar: Bar },
    { module: 'info' as const, bar: Bar },
  ];

  it('opens on Activities, the most useful module, where a page has none of its own', () => {
    expect(DEFAULT_USERBAR_MODULE).toBe('activities');
    for (const path of ['/', '/chat', '/chat/5f0c7e1a2b3c4d5e6f708192', '/notifications', '/groups/engineering']) {
      expect(userbarModuleFor(activeModuleFor(path, activeModuleTable), switcher)?.module).toBe('activities');
    }
  });

  it("keeps a page's own module, Info included on the imprint and legal pages", () => {
    expect(userbarModuleFor(activeModuleFor('/members', activeModuleTable), switcher)?.module).toBe('directory');
    expect(userbarModuleFor(activeModuleFor('/imprint', activeModuleTable), switcher)?.module).toBe('info');
    expect(userbarModuleFor(activeModuleFor('/legal/datenschutz', activeModuleTable), switcher)?.module).toBe('info');
  });

  it('never falls back to Info while another module has a bar; a later default takes over in one place', () => {
    const withoutActivities = switcher.filter((entry) => entry.module !== 'activities');
    expect(userbarModuleFor(null, withoutActivities)?.module).toBe('calendars');
    expect(userbarModuleFor(null, [{ module: 'info', bar: Bar }, { module: 'files' }])?.module).toBe('info');
    expect(userbarModuleFor(null, switcher, 'calendars')?.module).toBe('calendars');
    expect(userbarModuleFor(null, [])).toBeUndefined();
  });
});

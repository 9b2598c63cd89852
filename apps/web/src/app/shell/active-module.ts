import { matchPath } from 'react-router';
import type { ActiveModuleRule, FeatureModule } from '../registry.ts';

/** The user-bar modules of the administration spec, section 2. */
export type UserbarModuleKey =
  | 'activities'
  | 'messages'
  | 'calendars'
  | 'tasks'
  | 'files'
  | 'info'
  | 'search'
  | 'administration'
  | 'channel_administration'
  | 'directory'
  | 'pages'
  | 'members'
  | 'channels';

export const GROUP = '/groups/:groupSlug';

/**
 * The patterns of user-bar modules that no feature brings yet (activities, messages, tasks,
 * files, search, the directory's maps and invitations, pages, channels); each moves to its feature
 * when it arrives.
 */
export const BUILT_IN_ACTIVE_MODULES: readonly ActiveModuleRule[] = [
  ['/channels/:channelSlug/administration', 'channel_administration'],
  ['/channels/:channelSlug/edit', 'channel_administration'],
  ['/channels/:channelSlug/layout/edit', 'channel_administration'],
  ['/channels/:channelSlug/design/edit', 'channel_administration'],
  ['/channels/:channelSlug/widgets', 'channel_administration'],
  ['/channels/:channelSlug/widgets/*', 'channel_administration'],
  ...withGroup('/activitystreams/*', 'activities'),
  ...withGroup('/activitystreams', 'activities'),
  ...withGroup('/activities/*', 'activities'),
  ...withGroup('/activities', 'activities'),
  ['/invites', 'activities'],
  ...withGroup('/messages/*', 'messages'),
  ...withGroup('/messages', 'messages'),
  ...withGroup('/tasks/*', 'tasks'),
  ...withGroup('/tasks', 'tasks'),
  ...withGroup('/files/*', 'files'),
  ...withGroup('/files', 'files'),
  ...withGroup('/search', 'search'),
  ['/map', 'directory'],
  ['/map/members', 'directory'],
  ['/members/map', 'directory'],
  [`${GROUP}/map`, 'directory'],
  [`${GROUP}/membership_invites/new`, 'directory'],
  ['/pages/:pageSlug', 'pages'],
  [`${GROUP}/pages/:pageSlug`, 'pages'],
  ['/apps/:appSlug/*', 'pages'],
  ['/apps/:appSlug', 'pages'],
  ['/channels', 'channels'],
  ['/channels/:channelSlug', 'channels'],
  ['/blogs', 'channels'],
  ['/blogs/:blogId/articles/:articleId', 'channels'],
];

/** A pattern both network-wide and within a group (`/files` and `/groups/:groupSlug/files`). */
export function withGroup(pattern: string, key: UserbarModuleKey, priority?: number): ActiveModuleRule[] {
  return [
    [pattern, key, priority],
    [`${GROUP}${pattern}`, key, priority],
  ];
}

export type ActiveModuleTable = ReadonlyArray<readonly [string, UserbarModuleKey]>;

/**
 * Each route pattern and the module it belongs to, in the order they are tried: by priority
 * (lower first, default 0), then the features' order and their own, then the built-in patterns.
 */
export function activeModuleTable(
  features: ReadonlyArray<Pick<FeatureModule, 'activeModules'>>,
  builtIn: readonly ActiveModuleRule[] = BUILT_IN_ACTIVE_MODULES,
): ActiveModuleTable {
  const rules = [...features.flatMap((feature) => feature.activeModules ?? []), ...builtIn];
  // Array.prototype.sort is stable: equal priorities keep their order.
  return rules
    .map(([pattern, key, priority]) => ({ pattern, key, priority: priority ?? 0 }))
    .sort((a, b) => a.priority - b.priority)
    .map(({ pattern, key }) => [pattern, key] as const);
}

/** The module a path belongs to, or null for pages of no module (the start page, say). */
export function activeModuleFor(pathname: string, table: ActiveModuleTable): UserbarModuleKey | null {
  for (const [pattern, key] of table) {
    if (matchPath({ path: pattern, end: true }, pathname)) return key;
  }
  return null;
}

/**
 * The module the user bar opens on where a page has no module of its own in the switcher: the
 * most useful one for everyday work: the activity streams, as on the home page. Never Info:
 * imprint and legal texts are not a way to work.
 */
export const DEFAULT_USERBAR_MODULE: UserbarModuleKey = 'activities';

type SwitcherModule = { module: UserbarModuleKey | 'more'; bar?: unknown };

/**
 * The module whose bar the user bar shows: the page's own when the switcher has it, else the
 * default module, else the first other module with a bar, and Info only when nothing else is there.
 */
export function userbarModuleFor<T extends SwitcherModule>(
  pageModule: UserbarModuleKey | null,
  modules: readonly T[],
  fallback: UserbarModuleKey = DEFAULT_USERBAR_MODULE,
): T | undefined {
  const own = pageModule ? modules.find((entry) => entry.module === pageModule) : undefined;
  if (own) return own;
  const withBar = modules.filter((entry) => entry.bar);
  return (
    withBar.find((entry) => entry.module === fallback) ?? withBar.find((entry) => entry.module !== 'info') ?? withBar[0]
  );
}

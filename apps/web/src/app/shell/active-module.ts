import { matchPath } from 'react-router';

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

const GROUP = '/groups/:groupSlug';

/** Each route pattern of the spec and the module it belongs to; the first match wins. */
export const ACTIVE_MODULE_PATTERNS: ReadonlyArray<readonly [string, UserbarModuleKey]> = [
  // Administration before the rest: /groups/{slug}/administration/* is not the group's stream.
  ['/administration/*', 'administration'],
  ['/administration', 'administration'],
  [`${GROUP}/administration/*`, 'administration'],
  [`${GROUP}/administration`, 'administration'],
  ['/group-categories/:groupCategorySlug/administration/*', 'administration'],
  ['/group-categories/:groupCategorySlug/administration', 'administration'],
  [`${GROUP}/invites/sent`, 'administration'],
  ['/invites/sent', 'administration'],
  ['/invites/new', 'administration'],
  [`${GROUP}/edit`, 'administration'],
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
  ...withGroup('/notifications', 'activities'),
  ...withGroup('/messages/*', 'messages'),
  ...withGroup('/messages', 'messages'),
  ...withGroup('/appointments/*', 'calendars'),
  ...withGroup('/appointments', 'calendars'),
  ...withGroup('/calendars/*', 'calendars'),
  ...withGroup('/calendars', 'calendars'),
  ...withGroup('/tasks/*', 'tasks'),
  ...withGroup('/tasks', 'tasks'),
  ...withGroup('/files/*', 'files'),
  ...withGroup('/files', 'files'),
  ['/info/*', 'info'],
  ['/info', 'info'],
  ['/imprint', 'info'],
  ['/legal', 'info'],
  ['/legal/:handle', 'info'],
  ...withGroup('/search', 'search'),
  ['/directory/channels', 'directory'],
  ['/directory/:sectionSlug', 'directory'],
  ['/directory', 'directory'],
  ['/members', 'directory'],
  ['/map', 'directory'],
  ['/map/members', 'directory'],
  ['/members/map', 'directory'],
  [`${GROUP}/members`, 'directory'],
  [`${GROUP}/map`, 'directory'],
  [`${GROUP}/membership_invites/new`, 'directory'],
  ['/pages/:pageSlug', 'pages'],
  [`${GROUP}/pages/:pageSlug`, 'pages'],
  ['/apps/:appSlug/*', 'pages'],
  ['/apps/:appSlug', 'pages'],
  ['/members/:membershipId/*', 'members'],
  ['/members/:membershipId', 'members'],
  ['/users/edit', 'members'],
  ['/channels', 'channels'],
  ['/channels/:channelSlug', 'channels'],
  ['/blogs', 'channels'],
  ['/blogs/:blogId/articles/:articleId', 'channels'],
];

function withGroup(pattern: string, key: UserbarModuleKey): Array<readonly [string, UserbarModuleKey]> {
  return [
    [pattern, key],
    [`${GROUP}${pattern}`, key],
  ];
}

/** The module a path belongs to; pages of no module show the info bar (null). */
export function activeModuleFor(pathname: string): UserbarModuleKey | null {
  for (const [pattern, key] of ACTIVE_MODULE_PATTERNS) {
    if (matchPath({ path: pattern, end: true }, pathname)) return key;
  }
  return null;
}

import { IconActivity } from '@tabler/icons-react';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/registry.ts';
import { unreadActivities } from './lib/unreads.ts';

export { unreadActivities } from './lib/unreads.ts';

/** The user bar's list of streams: its code loads with the bar, not with the first page. */
const ActivitiesBar = lazy(() => import('./activities-bar.tsx').then((m) => ({ default: m.ActivitiesBar })));
/** The member's home stream with its composer (the start page's main column); loaded when shown. */
export const HomeStream = lazy(() => import('./components/home-stream.tsx').then((m) => ({ default: m.HomeStream })));
/** An activity's image thumbnails (first large, up to 7 small, "+n"), for lists of activities elsewhere (search hits). */
export const ActivityThumbnails = lazy(() =>
  import('./components/attachments.tsx').then((m) => ({ default: m.Thumbnails })),
);

const streamPage = () => import('./pages/stream-page.tsx');
const stream = () => streamPage().then((m) => ({ Component: m.StreamPage }));
const activity = () => import('./pages/activity-page.tsx').then((m) => ({ Component: m.ActivityPage }));

const STREAM_PATHS = ['activitystreams', 'activitystreams/:streamSlug', 'activitystreams/:streamSlug/:filter'];
const ACTIVITY_PATHS = [
  'activities/:activityId',
  'activities/:activityId/replies/:replyId',
  'activities/:activityId/answers/:replyId',
];

/**
 * Activity streams (communication spec, "Activities and replies"): the member's home, every
 * stream with its filters and tags, an activity with its replies and answers, a member's posts
 * and likes; each also within a group.
 */
export const activitiesFeature: FeatureModule = {
  key: 'activities',
  namespaces: ['activities'],
  routes: [
    ...STREAM_PATHS.flatMap((path) => [
      { path, lazy: stream },
      { path: `groups/:groupSlug/${path}`, lazy: stream },
    ]),
    ...ACTIVITY_PATHS.flatMap((path) => [
      { path, lazy: activity },
      { path: `groups/:groupSlug/${path}`, lazy: activity },
    ]),
    {
      path: 'members/:membershipId/activities',
      lazy: () => streamPage().then((m) => ({ Component: m.MemberActivitiesPage })),
    },
    {
      path: 'members/:membershipId/likes',
      lazy: () => streamPage().then((m) => ({ Component: m.MemberLikesPage })),
    },
  ],
  userbar: [
    {
      module: 'activities',
      label: 'activities:module',
      icon: IconActivity,
      path: '/activitystreams',
      // The first module, before messages (20).
      order: 10,
      unread: unreadActivities,
      bar: ActivitiesBar,
    },
  ],
};
export { StreamTargetSelect } from './components/stream-target-select.tsx';
export { StreamLinks, TagChips } from './components/activity-parts.tsx';

import { administrationFeature } from '../features/administration/index.ts';
import { appointmentsFeature } from '../features/appointments/index.ts';
import { calendarsFeature } from '../features/calendars/index.ts';
import { chatFeature } from '../features/chat/index.ts';
import { groupsFeature } from '../features/groups/index.ts';
import { homeFeature } from '../features/home/index.ts';
import { legalFeature } from '../features/legal/index.ts';
import { membersFeature } from '../features/members/index.ts';
import { notificationsFeature } from '../features/notifications/index.ts';
import { BUILT_IN_THEME_CONTEXTS } from './theme/theme-context.ts';
import type { FeatureModule } from './registry.ts';

/** Every feature of the web app; each brings its routes, user-bar module and menu links. */
export const FEATURES: FeatureModule[] = [
  homeFeature,
  notificationsFeature,
  chatFeature,
  groupsFeature,
  calendarsFeature,
  appointmentsFeature,
  membersFeature,
  legalFeature,
  administrationFeature,
];

export const userbarEntries = FEATURES.flatMap((feature) => feature.userbar ?? []);
export const userMenuEntries = FEATURES.flatMap((feature) => feature.userMenu ?? []);
export const headerActions = FEATURES.flatMap((feature) => feature.headerActions ?? []).sort(
  (a, b) => a.order - b.order,
);
export const administrationEntries = FEATURES.flatMap((feature) => feature.administration ?? []);
export const themeContextResolvers = [
  ...FEATURES.flatMap((feature) => feature.themeContexts ?? []),
  ...BUILT_IN_THEME_CONTEXTS,
];

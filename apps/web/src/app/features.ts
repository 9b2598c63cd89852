import type { RouteObject } from 'react-router';
import { activitiesFeature } from '../features/activities/index.ts';
import { administrationFeature } from '../features/administration/index.ts';
import { appointmentsFeature } from '../features/appointments/index.ts';
import { calendarsFeature } from '../features/calendars/index.ts';
import { chatFeature } from '../features/chat/index.ts';
import { circularLettersFeature } from '../features/circular-letters/index.ts';
import { directoryFeature } from '../features/directory/index.ts';
import { externalInvitesFeature } from '../features/external-invites/index.ts';
import { filesFeature } from '../features/files/index.ts';
import { groupInvitesFeature } from '../features/group-invites/index.ts';
import { groupsFeature } from '../features/groups/index.ts';
import { homeFeature } from '../features/home/index.ts';
import { ignoredMembersFeature } from '../features/ignored-members/index.ts';
import { joiningFeature } from '../features/joining/index.ts';
import { legalFeature } from '../features/legal/index.ts';
import { mapsFeature } from '../features/maps/index.ts';
import { memberAdministrationFeature } from '../features/member-administration/index.ts';
import { navigationFeature } from '../features/navigation/index.ts';
import { membersFeature } from '../features/members/index.ts';
import { memberSettingsFeature } from '../features/member-settings/index.ts';
import { messagesFeature } from '../features/messages/index.ts';
import { membershipRolesFeature } from '../features/membership-roles/index.ts';
import { appointmentCategoriesFeature } from '../features/appointment-categories/index.ts';
import { notificationsFeature } from '../features/notifications/index.ts';
import { searchFeature } from '../features/search/index.ts';
import { sessionFeature } from '../features/session/index.ts';
import { twoFactorFeature } from '../features/two-factor/index.ts';
import { loadNamespaces } from '../i18n/index.ts';
import { activeModuleTable as buildActiveModuleTable } from './shell/active-module.ts';
import { BUILT_IN_THEME_CONTEXTS } from './theme/theme-context.ts';
import type { FeatureModule } from './registry.ts';

/** Every feature of the web app; each brings its routes, user-bar module and menu links. */
export const FEATURES: FeatureModule[] = [
  homeFeature,
  activitiesFeature,
  sessionFeature,
  twoFactorFeature,
  notificationsFeature,
  chatFeature,
  messagesFeature,
  circularLettersFeature,
  groupsFeature,
  groupInvitesFeature,
  externalInvitesFeature,
  joiningFeature,
  calendarsFeature,
  appointmentsFeature,
  filesFeature,
  membersFeature,
  memberSettingsFeature,
  ignoredMembersFeature,
  directoryFeature,
  legalFeature,
  mapsFeature,
  administrationFeature,
  memberAdministrationFeature,
  membershipRolesFeature,
  appointmentCategoriesFeature,
  navigationFeature,
  searchFeature,
];

/** A feature's routes, each of which loads the feature's translations together with its page. */
function routesOf(feature: FeatureModule, routes: RouteObject[] | undefined): RouteObject[] {
  const namespaces = feature.namespaces ?? [];
  if (namespaces.length === 0) return routes ?? [];
  const withTranslations = (route: RouteObject): RouteObject => {
    const { lazy } = route;
    const children = route.children?.map(withTranslations);
    const loaded: RouteObject = {
      ...route,
      lazy:
        typeof lazy === 'function'
          ? async () => (await Promise.all([lazy(), loadNamespaces(namespaces)]))[0]
          : lazy === undefined
            ? async () => {
                await loadNamespaces(namespaces);
                return {};
              }
            : lazy,
    };
    return (children ? { ...loaded, children } : loaded) as RouteObject;
  };
  return (routes ?? []).map(withTranslations);
}

export const featureRoutes = FEATURES.flatMap((feature) => routesOf(feature, feature.routes));
export const publicRoutes = FEATURES.flatMap((feature) => routesOf(feature, feature.publicRoutes));
export const standaloneRoutes = FEATURES.flatMap((feature) => routesOf(feature, feature.standaloneRoutes));

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
/** Which user-bar module each route belongs to, from the features and the shell's built-in list. */
export const activeModuleTable = buildActiveModuleTable(FEATURES);

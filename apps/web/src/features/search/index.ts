import { lazy } from 'react';
import type { FeatureModule } from '../../app/registry.ts';

/** The header's search bar: its code loads after the shell, not with the first page. */
export const HeaderSearch = lazy(() =>
  import('./components/header-search.tsx').then((m) => ({ default: m.HeaderSearch })),
);

const searchPage = () => import('./pages/search-page.tsx').then((m) => ({ Component: m.SearchPage }));

/**
 * Global search (communication spec, "Global search"): the results page of the network and of a
 * group, and the header's search bar. Activity hits show their images with the activities' own
 * thumbnails, whose labels are the activities' translations.
 */
export const searchFeature: FeatureModule = {
  key: 'search',
  namespaces: ['search', 'activities'],
  routes: [
    { path: 'search', lazy: searchPage },
    { path: 'groups/:groupSlug/search', lazy: searchPage },
  ],
};

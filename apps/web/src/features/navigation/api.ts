import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppNavigationAnswer,
  AppNavigationItem,
  NavigationAnswer,
  NavigationAppOption,
  NavigationItem,
  NavigationPageOption,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** Where a navigation lives: the network's administration, or a group's. */
export const administrationBase = (groupSlug?: string) =>
  groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/administration` : '/administration';

/** The navigation as its editor loads it (`GET {base}/navigation.json`). */
export const editedNavigationQuery = (groupSlug?: string) =>
  queryOptions({
    queryKey: ['navigation', 'edit', groupSlug ?? null],
    queryFn: () => api<NavigationAnswer>(`${administrationBase(groupSlug)}/navigation.json`),
    // The editor holds its own copy: no refetch under the administrator's hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The link picker's pages and apps. */
export const pageOptionsQuery = (groupSlug?: string) =>
  queryOptions({
    queryKey: ['navigation', 'pages', groupSlug ?? null],
    queryFn: () => api<{ pages: NavigationPageOption[] }>(`${administrationBase(groupSlug)}/pages.json`),
  });
export const appOptionsQuery = (groupSlug?: string) =>
  queryOptions({
    queryKey: ['navigation', 'apps', groupSlug ?? null],
    queryFn: () => api<{ apps: NavigationAppOption[] }>(`${administrationBase(groupSlug)}/apps.json`),
  });

/** What members see in the header: the network's navigation. */
export const memberNavigationQuery = queryOptions({
  queryKey: ['navigation', 'member'],
  queryFn: () => api<NavigationAnswer>('/api/v1/navigation'),
  staleTime: 60_000,
});

/** A group's navigation, shown on the group's pages. */
export const groupNavigationQuery = (groupSlug: string) =>
  queryOptions({
    queryKey: ['navigation', 'group', groupSlug],
    queryFn: () => api<NavigationAnswer>(`/api/v1/groups/${encodeURIComponent(groupSlug)}/navigation`),
    staleTime: 60_000,
  });

/** The items marked public, for anonymous visitors. */
export const publicNavigationQuery = queryOptions({
  queryKey: ['navigation', 'public'],
  queryFn: () => api<NavigationAnswer>('/api/v1/public_navigation'),
  staleTime: 60_000,
});

export function useSaveNavigation(groupSlug?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: NavigationItem[]) =>
      api<NavigationAnswer>(`${administrationBase(groupSlug)}/navigation`, {
        method: 'PUT',
        body: { navigation_items: items },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(editedNavigationQuery(groupSlug).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['navigation'], predicate: (q) => q.queryKey[1] !== 'edit' });
    },
  });
}

export const appNavigationQuery = queryOptions({
  queryKey: ['navigation', 'app'],
  queryFn: () => api<AppNavigationAnswer>('/administration/app_navigation.json'),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

export function useSaveAppNavigation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: AppNavigationItem[]) =>
      api<AppNavigationAnswer>('/administration/app_navigation', { method: 'PUT', body: { items } }),
    onSuccess: (saved) => queryClient.setQueryData(appNavigationQuery.queryKey, saved),
  });
}

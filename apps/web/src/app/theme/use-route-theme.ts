import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ActiveTheme, NetworkShell } from '@agora/contracts';
import { networkQuery } from '../../features/home/index.ts';
import { groupQuery } from '../../features/groups/index.ts';
import type { ThemeContextRef, ThemeContextResolver } from '../registry.ts';
import { faviconHref } from './mantine-theme.ts';
import { agreedTheme, themeRouteFor } from './theme-context.ts';
import { themeStore, useActiveTheme } from './theme-store.ts';

/** A group shows its own design, else its category's. */
async function themeOf(ref: ThemeContextRef, network: NetworkShell, queryClient: QueryClient) {
  const categoryTheme = (id: string) => network.group_categories.find((c) => c.id === id)?.active_theme ?? null;
  if (ref.type === 'group_category') {
    return network.group_categories.find((c) => c.slug === ref.slug)?.active_theme ?? null;
  }
  const group = await queryClient.fetchQuery(groupQuery(ref.slug));
  return group.active_theme ?? categoryTheme(group.group_category_id);
}

/**
 * Applies the network's design, and on the theme context routes the design of the group or
 * category the page belongs to; pages of no context clear it again.
 */
export function useRouteTheme(resolvers: ThemeContextResolver[]) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const network = useQuery(networkQuery).data;

  useEffect(() => {
    themeStore.setNetworkTheme(network?.theme ?? null);
  }, [network]);

  useEffect(() => {
    if (!network) return;
    const route = themeRouteFor(pathname, resolvers);
    if (route.kind === 'keep') return;
    if (route.kind === 'clear') {
      themeStore.setContextTheme(null);
      return;
    }
    let current = true;
    route.resolver
      .resolve(route.params, new URLSearchParams(search), queryClient)
      .then((refs) => Promise.all(refs.map((ref) => themeOf(ref, network, queryClient))))
      .then((themes: Array<ActiveTheme | null>) => current && themeStore.setContextTheme(agreedTheme(themes)))
      // A context that cannot be loaded (gone, not readable) has no design to show.
      .catch(() => current && themeStore.setContextTheme(null));
    return () => {
      current = false;
    };
  }, [pathname, search, network, resolvers, queryClient]);

  const theme = useActiveTheme();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    link.href = faviconHref(theme);
    if (!link.href.endsWith('.svg')) link.removeAttribute('type');
  }, [theme]);
}

import { Box, Divider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import type { NavigationItem } from '@agora/contracts';
import { groupNavigationQuery, memberNavigationQuery, publicNavigationQuery } from './api.ts';
import { NavigationList, NavigationRow } from './components/navigation-links.tsx';

/** The network's navigation, and on a group's pages the group's after it. */
function useMemberNavigation(): { network: NavigationItem[]; group: NavigationItem[] } {
  const groupSlug = useMatch('/groups/:groupSlug/*')?.params.groupSlug;
  const network = useQuery(memberNavigationQuery);
  const group = useQuery({ ...groupNavigationQuery(groupSlug ?? ''), enabled: !!groupSlug, retry: false });
  return {
    network: network.data?.navigation_items ?? [],
    group: groupSlug ? (group.data?.navigation_items ?? []) : [],
  };
}

/** In the header on wider screens: a row of links, dropdowns for items with children. */
export function HeaderNavigation() {
  const { t } = useTranslation('navigation');
  const { network, group } = useMemberNavigation();
  return (
    <Box visibleFrom="md" style={{ display: 'flex', gap: 8, minWidth: 0 }} data-testid="header-navigation">
      <NavigationRow items={network} label={t('header.network')} />
      <NavigationRow items={group} label={t('header.group')} />
    </Box>
  );
}

/** In the user bar on phones, where the header has no room for it. */
export function UserbarNavigation() {
  const { t } = useTranslation('navigation');
  const { network, group } = useMemberNavigation();
  if (network.length === 0 && group.length === 0) return null;
  return (
    <Box hiddenFrom="md" data-testid="userbar-navigation">
      <NavigationList items={network} label={t('header.network')} />
      <NavigationList items={group} label={t('header.group')} />
      <Divider mt="sm" />
    </Box>
  );
}

/** The items marked public, for visitors of the public pages and the sign-in page. */
export function PublicNavigation({ centered = false }: { centered?: boolean }) {
  const { t } = useTranslation('navigation');
  const items = useQuery(publicNavigationQuery).data?.navigation_items ?? [];
  return (
    <Box style={centered ? { display: 'flex', justifyContent: 'center' } : undefined}>
      <NavigationRow items={items} label={t('header.network')} onHeader={false} />
    </Box>
  );
}

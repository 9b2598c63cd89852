import { NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { networkQuery } from '../home/index.ts';

const MEMBERS_PATHS = ['/members', '/directory', '/directory/members'];
const MAP_PATHS = ['/map', '/map/members', '/members/map'];

/** The user bar of the directory module: the members and each group category's tab. */
export function DirectoryBar() {
  const { t } = useTranslation('directory');
  const { pathname } = useLocation();
  const network = useQuery(networkQuery).data;
  const categories = network?.group_categories ?? [];
  // The maps exist only while the network has them on; a group's pages link the group's map.
  const maps = network?.config.maps?.enabled ?? false;
  const groupSlug = matchPath('/groups/:groupSlug/*', pathname)?.params.groupSlug;
  return (
    <Stack gap={0} data-testid="directory-bar">
      <NavLink
        component={Link}
        to="/members"
        label={t('bar.members')}
        active={MEMBERS_PATHS.includes(pathname)}
        variant="light"
        py={4}
      />
      {maps && (
        <NavLink
          component={Link}
          to="/map"
          label={t('bar.map')}
          active={MAP_PATHS.includes(pathname)}
          variant="light"
          py={4}
        />
      )}
      {maps && groupSlug && (
        <NavLink
          component={Link}
          to={`/groups/${encodeURIComponent(groupSlug)}/map`}
          label={t('bar.group_map')}
          active={pathname === `/groups/${groupSlug}/map`}
          variant="light"
          py={4}
        />
      )}
      {categories.length > 0 && (
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt="sm" pb={4}>
          {t('bar.groups')}
        </Text>
      )}
      {categories.map((category) => (
        <NavLink
          key={category.id}
          component={Link}
          to={`/directory/${category.id}`}
          label={category.plural_name}
          active={pathname === `/directory/${category.id}` || pathname === `/directory/${category.slug}`}
          variant="light"
          py={4}
        />
      ))}
    </Stack>
  );
}

import { Alert, Grid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MAP_MEMBERS_LIMIT, type MembersMap } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { membersMapQuery } from '../api.ts';
import { MembersLeafletMap } from '../components/members-leaflet-map.tsx';
import { UnplacedList } from '../components/unplaced-list.tsx';

/** `/map`, `/map/members`, `/members/map`: the network's members on a map. */
export function NetworkMapPage() {
  return <MapPage />;
}

/** `/groups/{groupSlug}/map`: a group's members on a map. */
export function GroupMapPage() {
  const { groupSlug } = useParams();
  return <MapPage groupSlug={groupSlug!} />;
}

function MapPage({ groupSlug }: { groupSlug?: string }) {
  const { t } = useTranslation('maps');
  const query = useQuery(membersMapQuery(groupSlug));
  const map = query.data;
  const title = map?.scope.type === 'group' ? t('title_group', { group: map.scope.name }) : t('title_network');
  usePageTitle(title);
  // Maps switched off, or a group the member may not see.
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage kind="map" />;
  return (
    <PageContainer size="xl">
      <Stack gap="md">
        <PageToolbar
          title={title}
          backTo={groupSlug ? `/groups/${encodeURIComponent(groupSlug)}` : undefined}
          backLabel={groupSlug ? t('back_to_group') : undefined}
        />
        {query.isPending && <LoadingRow />}
        {query.isError && <ErrorRow error={query.error} onRetry={() => void query.refetch()} />}
        {map && <MapContent map={map} />}
      </Stack>
    </PageContainer>
  );
}

function MapContent({ map }: { map: MembersMap }) {
  const { t } = useTranslation('maps');
  return (
    <Stack gap="sm">
      {!map.tiles && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} data-testid="no-tiles">
          {t('no_tiles')}
        </Alert>
      )}
      {map.truncated && (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden />}>
          {t('truncated', { count: MAP_MEMBERS_LIMIT })}
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap={4}>
            <div role="region" aria-label={t('map_label')}>
              <MembersLeafletMap map={map} />
            </div>
            <Text size="sm" c="dimmed">
              {map.markers.length === 0 ? t('no_markers') : t('marker_count', { count: map.markers.length })}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <UnplacedList unplaced={map.unplaced} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Box, Chip, Group, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment, ParticipantPage } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { ForbiddenState } from './forbidden-state.tsx';
import { ParticipantRow } from './participant-row.tsx';
import { STATUS_FILTERS, type StatusFilter } from './participant-status.ts';
import type { ParticipantFilters } from './use-participant-filters.ts';

type ParticipantListProps = {
  appointment: Pick<Appointment, 'id' | 'type' | 'can'>;
  filters: ParticipantFilters;
  list: UseQueryResult<ParticipantPage>;
};

function countOf(page: ParticipantPage | undefined, filter: StatusFilter): number | undefined {
  if (!page) return undefined;
  const { counts } = page;
  return filter === 'all' ? counts.accepted + counts.declined + counts.invited : counts[filter];
}

/**
 * The participants, sorted by the server (accepted, declined or rejected, invited, then by
 * name), 50 a page, with search by name, a status filter and the count of each status.
 */
export function ParticipantList({ appointment, filters, list }: ParticipantListProps) {
  const { t } = useTranslation('appointments');
  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.limit)) : 1;
  const { page: current, setPage } = filters;
  useEffect(() => {
    // The last participants of the last page removed: back to the page that is now the last.
    if (page && !list.isPlaceholderData && current > pages) setPage(pages);
  }, [page, list.isPlaceholderData, current, pages, setPage]);

  if (list.error instanceof ApiError && list.error.status === 403) {
    return <ForbiddenState title={t('participants.forbidden.title')} text={t('participants.forbidden.text')} />;
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="participants-heading">
      <Title order={2} fz="h4" id="participants-heading">
        {t('participants.list_title')}
      </Title>
      <TextInput
        label={t('participants.search')}
        placeholder={t('participants.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => filters.setSearch(event.currentTarget.value)}
        maw={{ base: '100%', sm: 360 }}
        type="search"
      />
      <Box>
        <Text size="sm" fw={500} id="participants-filter-label" mb={4}>
          {t('participants.filter')}
        </Text>
        <Chip.Group value={filters.status} onChange={(value) => filters.setStatus(value as StatusFilter)}>
          <Group gap="xs" wrap="wrap" role="radiogroup" aria-labelledby="participants-filter-label">
            {STATUS_FILTERS.map((filter) => {
              const count = countOf(page, filter);
              return (
                <Chip key={filter} value={filter} type="radio" size="sm">
                  {count === undefined
                    ? t(`participants.filters.${filter}`)
                    : t('participants.filter_count', { label: t(`participants.filters.${filter}`), n: count })}
                </Chip>
              );
            })}
          </Group>
        </Chip.Group>
      </Box>

      {list.isPending && <LoadingRow />}
      {list.isError && <ErrorRow error={list.error} onRetry={() => void list.refetch()} />}
      {page && page.participants.length === 0 && (
        <EmptyState
          icon={<IconUsers size={32} aria-hidden />}
          title={t(filters.filtered ? 'participants.empty_filtered' : 'participants.empty')}
        />
      )}
      {page && page.participants.length > 0 && (
        <Paper withBorder radius="md" aria-busy={list.isFetching}>
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="participants-heading">
            {page.participants.map((participant) => (
              <ParticipantRow key={participant.id} appointment={appointment} participant={participant} />
            ))}
          </Box>
        </Paper>
      )}
      {page && pages > 1 && (
        <Pagination
          total={pages}
          value={filters.page}
          onChange={filters.setPage}
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': t(`participants.pagination.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('participants.pagination.page', { page: item }) })}
        />
      )}
    </Stack>
  );
}

import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_LIMITS, type SearchModule, type SearchSort } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { resultOf, searchQuery } from '../api.ts';
import type { SearchParams } from '../lib/params.ts';
import { shownResultTotal } from '../lib/total.ts';
import { DirectoryLinks, HitList } from './hit-list.tsx';

type ModuleResultsProps = {
  params: SearchParams & { module: SearchModule };
  groupSlug: string | null;
  onPage: (page: number) => void;
  onSort: (sort: SearchSort) => void;
};

/** One module's results: their order, a page of hits, the pager. */
export function ModuleResults({ params, groupSlug, onPage, onSort }: ModuleResultsProps) {
  const { t } = useTranslation(['search', 'common']);
  const answer = useQuery(searchQuery(params, groupSlug));
  const result = resultOf(answer.data, params.module);

  if (answer.isPending) return <LoadingRow />;
  if (answer.isError)
    return (
      <ErrorRow error={answer.error} message={t('common:messages.load_error')} onRetry={() => void answer.refetch()} />
    );
  if (!result || result.total === 0)
    return <EmptyState icon={<IconSearchOff />} title={t('no_results')} text={t('no_results_for', { q: params.q })} />;

  const from = (result.page - 1) * result.per + 1;
  return (
    <Stack gap="sm" aria-busy={answer.isPlaceholderData}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {t('results_of', { from, to: from + result.hits.length - 1, total: shownResultTotal(result) })}
        </Text>
        {result.available_sorts.length > 1 && (
          <NativeSelect
            label={t('sort.label')}
            size="xs"
            value={result.sort_by}
            onChange={(event) => onSort(event.currentTarget.value as SearchSort)}
            data={result.available_sorts.map((sort) => ({
              value: sort.key,
              label: t(`sort.${sort.key}`, { defaultValue: sort.label }),
            }))}
          />
        )}
      </Group>
      <HitList module={params.module} result={result} />
      <DirectoryLinks module={params.module} result={result} q={params.q} />
      <Group justify="center">
        {/* Pages beyond the last the server answers are not offered. */}
        <Pager
          total={Math.min(Math.ceil(result.total / result.per), SEARCH_LIMITS.pageMax)}
          page={result.page}
          onChange={onPage}
        />
      </Group>
    </Stack>
  );
}

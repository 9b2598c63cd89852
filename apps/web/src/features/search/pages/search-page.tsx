import { Button, Stack } from '@mantine/core';
import { IconSearch, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { searchQuery } from '../api.ts';
import { ModuleFilter } from '../components/module-filter.tsx';
import { ModuleResults } from '../components/module-results.tsx';
import { Overview } from '../components/overview.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { searchPath } from '../lib/params.ts';
import { useSearchState } from '../lib/use-search-params.ts';

/**
 * `/search` and `/groups/{groupSlug}/search` (communication spec, "Global search"): the overview
 * of every module, or one module's results page by page, with a filter button per result type.
 */
export function SearchPage() {
  const { t } = useTranslation(['search', 'common']);
  const groupSlug = useParams().groupSlug ?? null;
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null });
  const search = useSearchState();
  const { q, module } = search;
  // The overview's totals are the filter's counts, also while one module is shown.
  const overview = useQuery(searchQuery({ q, module: null, page: 1, sortBy: 'relevance' }, groupSlug));
  const title = group.data ? t('group_title', { group: group.data.name }) : t('title');
  usePageTitle(q ? `${q} · ${title}` : title);

  return (
    <PageContainer>
      <PageToolbar
        title={title}
        actions={
          q &&
          (groupSlug || module) && (
            <Button
              component={Link}
              to={searchPath({ q })}
              variant="light"
              leftSection={<IconWorld size={16} aria-hidden />}
            >
              {t('search_globally')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        <SearchForm key={q} q={q} onSearch={search.setQuery} />
        {!q ? (
          <EmptyState icon={<IconSearch />} title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <>
            <ModuleFilter q={q} current={module} overview={overview.data} groupSlug={groupSlug} />
            {module ? (
              <ModuleResults
                params={{ ...search, module }}
                groupSlug={groupSlug}
                onPage={search.setPage}
                onSort={search.setSort}
              />
            ) : overview.isPending ? (
              <LoadingRow />
            ) : overview.isError ? (
              <ErrorRow
                error={overview.error}
                message={t('common:messages.load_error')}
                onRetry={() => void overview.refetch()}
              />
            ) : (
              <Overview q={q} answer={overview.data} groupSlug={groupSlug} />
            )}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}

import { Anchor, Box, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DIRECTORY_CATEGORY_NOT_FOUND } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { directoryCategoryQuery } from '../api.ts';
import { useListParams } from '../use-list-params.ts';
import { GroupRow } from './group-row.tsx';
import { SearchBox } from './search-box.tsx';
import classes from './directory.module.css';
import { Pager } from '../../../ui/pager.tsx';

/** A category tab: the category's groups the member may see, searchable, a page at a time. */
export function CategoryGroups({ category }: { category: string }) {
  const { t } = useTranslation('directory');
  const params = useListParams();
  const list = useQuery(directoryCategoryQuery(category, params.q, params.page));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  if (list.error instanceof ApiError && list.error.key === DIRECTORY_CATEGORY_NOT_FOUND) {
    return (
      <EmptyState
        icon={<IconUsersGroup size={32} aria-hidden />}
        title={t('category_not_found')}
        text={t('category_not_found_text')}
        action={
          <Anchor component={Link} to="/directory" size="sm">
            {t('back_to_members')}
          </Anchor>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <SearchBox
          label={t('search.groups_label')}
          placeholder={t('search.groups_placeholder')}
          clearLabel={t('search.clear')}
          value={params.q}
          onSearch={params.setQ}
        />
      </Group>
      <Box pos="relative" aria-busy={list.isFetching}>
        <LoadingOverlay visible={list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
        {list.isPending && <LoadingRow />}
        {list.isError && <ErrorRow error={list.error} kind="group_category" onRetry={() => void list.refetch()} />}
        {data && (
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid="groups-total">
            {t('groups.total', { count: data.total })}
          </Text>
        )}
        {data?.total === 0 && (
          <EmptyState
            icon={<IconUsersGroup size={32} aria-hidden />}
            title={
              params.q.trim() ? t('groups.empty_search') : t('groups.empty', { category: data.category.plural_name })
            }
          />
        )}
        {data && data.groups.length > 0 && (
          <ul className={classes.list} aria-label={data.category.plural_name} data-testid="group-list">
            {data.groups.map((group) => (
              <GroupRow key={group.id} group={group} />
            ))}
          </ul>
        )}
      </Box>
      <Pager total={pages} page={params.page} onChange={params.setPage} />
    </Stack>
  );
}

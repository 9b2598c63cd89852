import { Anchor, Box, Group, LoadingOverlay, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { directoryMembersQuery } from '../api.ts';
import { useProfileFieldLabel } from '../profile-field-label.ts';
import { useListParams } from '../use-list-params.ts';
import { MemberRow } from './member-row.tsx';
import { SearchBox } from './search-box.tsx';
import classes from './directory.module.css';
import { Pager } from '../../../ui/pager.tsx';

/**
 * The directory's member list (all members, or a group's with `groupSlug`): search by name,
 * filters on the network's filter fields, first or last name first, pages of 24.
 */
export function MemberList({ groupSlug }: { groupSlug?: string }) {
  const { t } = useTranslation('directory');
  const labelOf = useProfileFieldLabel();
  const params = useListParams();
  const sortLabelId = useId();
  const list = useQuery(directoryMembersQuery({ ...params, groupSlug }));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const fields = data?.profile_fields ?? [];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox
          label={t('search.members_label')}
          placeholder={t('search.members_placeholder')}
          clearLabel={t('search.clear')}
          value={params.q}
          onSearch={params.setQ}
        />
        {data?.filters.map((filter) => (
          <Select
            key={filter.field}
            label={labelOf(filter.field)}
            placeholder={t('filters.any')}
            data={filter.options.map((option) => ({
              value: option.value,
              label: t('filters.option', { value: option.value, count: option.count }),
            }))}
            value={filter.value}
            onChange={(value) => params.setFilter(filter.field, value)}
            clearable
            searchable={filter.options.length > 10}
            nothingFoundMessage={t('filters.nothing_found')}
            comboboxProps={{ withinPortal: true }}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
            data-testid={`filter-${filter.field}`}
          />
        ))}
        {data && (
          <Stack gap={4}>
            <Text id={sortLabelId} size="sm" fw={500}>
              {t('sort.label')}
            </Text>
            <SegmentedControl
              aria-labelledby={sortLabelId}
              value={data.sort}
              onChange={params.setSort}
              data={[
                { value: 'first_name', label: t('sort.first_name') },
                { value: 'last_name', label: t('sort.last_name') },
              ]}
            />
          </Stack>
        )}
      </Group>

      <Box pos="relative" aria-busy={list.isFetching}>
        <LoadingOverlay visible={list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
        {list.isPending && <LoadingRow />}
        {list.isError && <ErrorRow error={list.error} onRetry={() => void list.refetch()} />}
        {data && (
          <Group justify="space-between" mb="xs" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="members-total">
              {t('members.total', { count: data.total })}
            </Text>
            {params.filtered && (
              <Anchor component="button" type="button" size="sm" onClick={params.reset}>
                {t('filters.reset')}
              </Anchor>
            )}
          </Group>
        )}
        {data?.total === 0 && (
          <EmptyState
            icon={<IconUsers size={32} aria-hidden />}
            title={params.filtered ? t('members.empty_filtered') : t('members.empty')}
            text={params.filtered ? t('members.empty_filtered_text') : undefined}
          />
        )}
        {data && data.members.length > 0 && (
          <>
            <div className={classes.head} aria-hidden style={{ '--directory-fields': fields.length } as CSSProperties}>
              <span>{t('members.name')}</span>
              {fields.map((field) => (
                <span key={field}>{labelOf(field)}</span>
              ))}
            </div>
            <ul className={classes.list} aria-label={t('members.list_label')} data-testid="member-list">
              {data.members.map((member) => (
                <MemberRow key={member.id} member={member} fields={fields} labelOf={labelOf} />
              ))}
            </ul>
          </>
        )}
      </Box>
      <Pager total={pages} page={params.page} onChange={params.setPage} />
    </Stack>
  );
}

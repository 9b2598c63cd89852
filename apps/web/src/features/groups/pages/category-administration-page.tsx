import { Anchor, Badge, Button, Group, Pagination, Stack, Table } from '@mantine/core';
import { IconPlus, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { GROUP_LIMITS } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { categoryAdministrationQuery } from '../api.ts';

const PER_PAGE = GROUP_LIMITS.categoryGroupsPageSize;

/**
 * `/group-categories/{slug}/administration`: the category's groups, each linked to its
 * administration, and a new group button for whoever may create groups in it.
 */
export function CategoryAdministrationPage() {
  const { t } = useTranslation('groups');
  const { groupCategorySlug = '' } = useParams();
  const [page, setPage] = useState(1);
  const data = useQuery({
    ...categoryAdministrationQuery(groupCategorySlug, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const category = data.data?.group_category;
  const title = category
    ? t('category_administration.title_of', { name: category.plural_name })
    : t('category_administration.title');
  usePageTitle(title);

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={title}
          backTo="/"
          actions={
            category && (
              <Group gap="xs">
                {category.can.administrate && (
                  <Button
                    component={Link}
                    variant="default"
                    to={`/group-categories/${category.id}/administration/invites/new`}
                    leftSection={<IconUserPlus size={16} aria-hidden />}
                  >
                    {t('category_administration.invite')}
                  </Button>
                )}
                {category.can.create && (
                  <Button
                    component={Link}
                    to={`/groups/new/${category.slug}`}
                    leftSection={<IconPlus size={16} aria-hidden />}
                  >
                    {t('category_administration.new_group', { name: category.name })}
                  </Button>
                )}
              </Group>
            )
          }
        />
        {data.isPending && <LoadingRow />}
        {data.isError && <ErrorRow error={data.error} kind="group_category" onRetry={() => void data.refetch()} />}
        {data.data?.groups.length === 0 && (
          <EmptyState
            icon={<IconUsersGroup size={32} aria-hidden />}
            title={t('category_administration.empty')}
            text={t('category_administration.empty_text')}
          />
        )}
        {data.data && data.data.groups.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('category_administration.group')}</Table.Th>
                  <Table.Th>{t('category_administration.access')}</Table.Th>
                  <Table.Th ta="right">{t('category_administration.members')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.groups.map((group) => (
                  <Table.Tr key={group.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Anchor
                          component={Link}
                          to={`/groups/${group.slug}/administration`}
                          fw={500}
                          style={{ overflowWrap: 'anywhere' }}
                          title={t('category_administration.administrate', { name: group.name })}
                        >
                          {group.name}
                        </Anchor>
                        {group.active_main_group && (
                          <Badge variant="light">{t('category_administration.main_group')}</Badge>
                        )}
                        {group.archived && <Badge color="gray">{t('archived')}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>{t(`access.${group.access}`)}</Table.Td>
                    <Table.Td ta="right">{group.member_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data.data && data.data.total > PER_PAGE && (
          <Group justify="center">
            <Pagination
              total={Math.ceil(data.data.total / PER_PAGE)}
              value={page}
              onChange={setPage}
              siblings={2}
              getControlProps={(control) => ({ 'aria-label': t(`category_administration.page_${control}`) })}
            />
          </Group>
        )}
      </Stack>
    </PageContainer>
  );
}

import { Anchor, Avatar, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_ADMIN_LIMITS, type MemberAdminItem } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { formatDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { memberListQuery, MEMBERS_PER_PAGE, type MemberListFilters } from '../api.ts';
import { MemberBadges } from '../components/member-badges.tsx';

const NS = 'member-administration';
const SEARCH_DEBOUNCE_MS = 300;

type Flag = MemberListFilters['locked'];
const asFlag = (value: string | null): Flag => (value === 'true' || value === 'false' ? value : '');

function MemberRow({ member }: { member: MemberAdminItem }) {
  const { t } = useTranslation(NS);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={member.images.small} name={member.name} alt="" aria-hidden size={32} radius="xl" />
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={`/administration/members/${member.id}/edit`}
              aria-label={t('list.edit', { name: member.name })}
              style={{ overflowWrap: 'anywhere' }}
            >
              {member.name}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <MemberBadges member={member} />
      </Table.Td>
      <Table.Td visibleFrom="sm">{formatDate(member.created_at)}</Table.Td>
    </Table.Tr>
  );
}

/** `/administration/members`: the network's members for administrators, searched, filtered and paged. */
export function MembersPage() {
  const { t } = useTranslation(NS);
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const filters: MemberListFilters = {
    q: params.get('q') ?? '',
    locked: asFlag(params.get('locked')),
    external: asFlag(params.get('external')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (patch: Partial<MemberListFilters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries({ ...patch, page: patch.page ?? 1 })) {
          if (value === '' || value === 1) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (debounced.trim() !== filters.q) update({ q: debounced.trim() });
    // Only a change of what was typed searches anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const list = useQuery(memberListQuery(filters));
  const flagOptions = [
    { value: '', label: t('list.any') },
    { value: 'true', label: t('list.yes') },
    { value: 'false', label: t('list.no') },
  ];
  const pages = list.data ? Math.ceil(list.data.total / MEMBERS_PER_PAGE) : 0;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={t('title')}
          backTo="/administration"
          actions={
            <Button
              component={Link}
              to="/administration/members/new"
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              {t('list.new')}
            </Button>
          }
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('list.search')}
            type="search"
            value={q}
            maxLength={MEMBER_ADMIN_LIMITS.query}
            leftSection={<IconSearch size={16} aria-hidden />}
            onChange={(event) => setQ(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <Select
            label={t('list.locked')}
            data={flagOptions}
            value={filters.locked}
            allowDeselect={false}
            onChange={(value) => update({ locked: asFlag(value) })}
            w={120}
          />
          <Select
            label={t('list.external')}
            data={flagOptions}
            value={filters.external}
            allowDeselect={false}
            onChange={(value) => update({ external: asFlag(value) })}
            w={120}
          />
        </Group>
        {list.isPending && <LoadingRow />}
        {list.isError && <ErrorRow error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.total', { count: list.data.total })}
          </Text>
        )}
        {list.data?.items.length === 0 && (
          <EmptyState
            icon={<IconUserOff size={32} aria-hidden />}
            title={t('list.empty')}
            text={t('list.empty_text')}
          />
        )}
        {list.data && list.data.items.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('list.since')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((member) => (
                  <MemberRow key={member.id} member={member} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="center">
          <Pager total={pages} page={filters.page} onChange={(page) => update({ page })} />
        </Group>
      </Stack>
    </PageContainer>
  );
}

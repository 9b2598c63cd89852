import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Group as Row,
  Menu,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconSearch, IconShield, IconShieldOff, IconUserMinus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { GROUP_MEMBERSHIP_LIMITS, MEMBER_SEARCH_DEBOUNCE_MS, type GroupMemberRow } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { formatDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { groupQuery } from '../api.ts';
import { groupMembersAdminQuery, useRemoveGroupMember, useSetGroupRole } from './api.ts';

const LIMIT = GROUP_MEMBERSHIP_LIMITS.pageSize;
const NS = 'group-membership';

/**
 * `/groups/{groupSlug}/administration/members`: the group's members for its administrators, who
 * appoint and remove admins and remove members.
 */
export function MembersAdministrationPage() {
  const { t } = useTranslation(NS);
  const { groupSlug = '' } = useParams();
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const group = useQuery(groupQuery(groupSlug));
  const members = useQuery(groupMembersAdminQuery(groupSlug, { q, limit: LIMIT, offset: (page - 1) * LIMIT }));
  const setRole = useSetGroupRole(groupSlug);
  const remove = useRemoveGroupMember(groupSlug);
  const title = group.data ? t('members.title_of', { name: group.data.name }) : t('members.title');
  usePageTitle(title);

  const failed = (error: unknown) => showToast(errorMessage(error, NS), { kind: 'error' });

  const changeRole = (member: GroupMemberRow, role: 'admin' | 'member') =>
    setRole.mutate(
      { membershipId: member.id, role },
      {
        onSuccess: () =>
          showToast(t(role === 'admin' ? 'members.appointed' : 'members.admin_removed', { name: member.displayName }), {
            kind: 'success',
          }),
        onError: failed,
      },
    );

  const removeMember = async (member: GroupMemberRow) => {
    const ok = await confirm({
      title: t('members.remove_title'),
      message: t('members.remove_message', { name: member.displayName, group: group.data?.name ?? '' }),
      confirmLabel: t('members.remove'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(member.id, {
      onSuccess: () => showToast(t('members.removed', { name: member.displayName }), { kind: 'success' }),
      onError: failed,
    });
  };

  const pages = members.data ? Math.ceil(members.data.total / LIMIT) : 0;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={title} backTo={`/groups/${groupSlug}/administration`} />
        <TextInput
          label={t('members.search')}
          placeholder={t('members.search_placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={GROUP_MEMBERSHIP_LIMITS.queryMax}
        />
        {members.isPending && <LoadingRow />}
        {members.isError && <ErrorRow error={members.error} kind="group" onRetry={() => void members.refetch()} />}
        {members.data && members.data.members.length === 0 && (
          <EmptyState icon={<IconUsers size={32} />} title={t(q ? 'members.no_match' : 'members.empty')} />
        )}
        {members.data && members.data.members.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {t('members.count', { count: members.data.total })}
            </Text>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
              {members.data.members.map((member) => {
                const actions = member.can.appoint_admin || member.can.remove_admin || member.can.remove;
                return (
                  <Paper
                    component="li"
                    key={member.id}
                    withBorder
                    radius="md"
                    px="md"
                    py="sm"
                    data-testid="group-member"
                  >
                    <Row justify="space-between" wrap="nowrap" gap="sm">
                      <Row gap="sm" wrap="nowrap" miw={0}>
                        <Avatar src={member.images.small} name={member.displayName} radius="xl" alt="" aria-hidden />
                        <Stack gap={0} miw={0}>
                          <Row gap={6}>
                            <Anchor component={Link} to={member.path} fw={600} truncate>
                              {member.displayName}
                            </Anchor>
                            {member.role === 'admin' && (
                              <Badge size="sm" variant="light">
                                {t('members.admin')}
                              </Badge>
                            )}
                            {member.is_external && (
                              <Badge size="xs" variant="dot" color="orange">
                                {t('guest')}
                              </Badge>
                            )}
                          </Row>
                          <Text size="xs" c="dimmed">
                            {t('members.since', { date: formatDate(member.joined_at) })}
                          </Text>
                        </Stack>
                      </Row>
                      {actions && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('members.actions_of', { name: member.displayName })}
                              loading={
                                (setRole.isPending && setRole.variables?.membershipId === member.id) ||
                                (remove.isPending && remove.variables === member.id)
                              }
                            >
                              <IconDots size={18} aria-hidden />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {member.can.appoint_admin && (
                              <Menu.Item
                                leftSection={<IconShield size={16} aria-hidden />}
                                onClick={() => changeRole(member, 'admin')}
                              >
                                {t('members.appoint')}
                              </Menu.Item>
                            )}
                            {member.can.remove_admin && (
                              <Menu.Item
                                leftSection={<IconShieldOff size={16} aria-hidden />}
                                onClick={() => changeRole(member, 'member')}
                              >
                                {t('members.remove_admin')}
                              </Menu.Item>
                            )}
                            {member.can.remove && (
                              <Menu.Item
                                color="red"
                                leftSection={<IconUserMinus size={16} aria-hidden />}
                                onClick={() => void removeMember(member)}
                              >
                                {t('members.remove')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Row>
                  </Paper>
                );
              })}
            </Stack>
          </>
        )}
        {pages > 1 && <Pagination total={pages} value={page} siblings={2} onChange={setPage} />}
      </Stack>
    </PageContainer>
  );
}

import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconShieldCheck, IconShieldOff, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberAdminDetail, MemberAdminGroup, MemberAdminGroupRole } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import type { DirectoryOption } from '../../../ui/directory-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { memberGroupsQuery, usePutGroupMembership, useRemoveGroupMembership } from '../api.ts';
import { MemberFrame } from '../components/member-frame.tsx';

const NS = 'member-administration';

function AddToGroup({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation(NS);
  const put = usePutGroupMembership(member.id);
  const [picked, setPicked] = useState<DirectoryOption[]>([]);
  const [role, setRole] = useState<MemberAdminGroupRole>('member');
  const group = picked[0];
  const add = () => {
    if (!group) return;
    put.mutate(
      { group_id: group.id, role },
      {
        onSuccess: () => {
          setPicked([]);
          showToast(t('groups.added', { group: group.name }));
        },
        onError: (error) => showFormErrors(error, { ns: NS }),
      },
    );
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <div style={{ flex: '1 1 16rem' }}>
        <DirectorySelect
          label={t('groups.add_label')}
          placeholder={t('groups.add_placeholder')}
          includeMembershipRoles={false}
          value={picked}
          // One group at a time: the last one picked.
          onChange={(options) => setPicked(options.slice(-1))}
        />
      </div>
      <Select
        label={t('groups.role')}
        data={[
          { value: 'member', label: t('groups.role_member') },
          { value: 'admin', label: t('groups.role_admin') },
        ]}
        value={role}
        allowDeselect={false}
        onChange={(value) => setRole(value === 'admin' ? 'admin' : 'member')}
        w={160}
      />
      <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!group} loading={put.isPending} onClick={add}>
        {t('groups.add')}
      </Button>
    </Group>
  );
}

function GroupRow({ member, group }: { member: MemberAdminDetail; group: MemberAdminGroup }) {
  const { t } = useTranslation(NS);
  const put = usePutGroupMembership(member.id);
  const remove = useRemoveGroupMembership(member.id);
  const names = { group: group.name, name: member.name };
  const otherRole: MemberAdminGroupRole = group.role === 'admin' ? 'member' : 'admin';
  const roleLabel = group.role === 'admin' ? t('groups.make_member', names) : t('groups.make_admin', names);
  const onRemove = async () => {
    const confirmed = await confirm({
      title: t('groups.remove_title', names),
      message: t('groups.remove_message', names),
      confirmLabel: t('groups.remove', names),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(group.id, {
      onSuccess: () => showToast(t('groups.removed', names)),
      onError: (error) => showFormErrors(error, { ns: NS }),
    });
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={group.path} style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Anchor>
          {group.archived && (
            <Badge variant="light" color="gray">
              {t('groups.archived')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {group.category.name}
        </Text>
      </Table.Td>
      <Table.Td>{group.role === 'admin' ? t('groups.role_admin') : t('groups.role_member')}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={roleLabel}>
            <ActionIcon
              variant="subtle"
              aria-label={roleLabel}
              loading={put.isPending}
              onClick={() =>
                put.mutate(
                  { group_id: group.id, role: otherRole },
                  {
                    onSuccess: () => showToast('saving_successful'),
                    onError: (error) => showFormErrors(error, { ns: NS }),
                  },
                )
              }
            >
              {group.role === 'admin' ? (
                <IconShieldOff size={18} aria-hidden />
              ) : (
                <IconShieldCheck size={18} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('groups.remove', names)}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('groups.remove', names)}
              loading={remove.isPending}
              onClick={() => void onRemove()}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function MemberGroups({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation(NS);
  const groups = useQuery(memberGroupsQuery(member.id));
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('groups.intro', { name: member.name })}</Text>
      {member.can.edit_groups && <AddToGroup member={member} />}
      {groups.isPending && <LoadingRow />}
      {groups.isError && <ErrorRow error={groups.error} onRetry={() => void groups.refetch()} />}
      {groups.data?.groups.length === 0 && (
        <EmptyState
          icon={<IconUsersGroup size={32} aria-hidden />}
          title={t('groups.empty')}
          text={t('groups.empty_text')}
          titleOrder={2}
        />
      )}
      {groups.data && groups.data.groups.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groups.group')}</Table.Th>
                <Table.Th>{t('groups.role')}</Table.Th>
                <Table.Th ta="right">{t('edit.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.groups.map((group) => (
                <GroupRow key={group.id} member={member} group={group} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** `/administration/members/{id}/group-memberships`: every group of the member, added to, roles changed, left. */
export function MemberGroupsPage() {
  return <MemberFrame>{(member) => <MemberGroups member={member} />}</MemberFrame>;
}

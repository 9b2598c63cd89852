import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTags, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipRole } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { membershipRolesQuery, useDeleteRole, type RoleScope } from '../api.ts';
import { RoleBadge } from './role-badge.tsx';
import { RoleFormRow } from './role-form-row.tsx';

const COLUMNS = 6;
const NEW = 'new';

type RowProps = { role: MembershipRole; scope: RoleScope; locked: boolean; onEdit: () => void };

function RoleRow({ role, scope, locked, onEdit }: RowProps) {
  const { t } = useTranslation('membership-roles');
  const remove = useDeleteRole(scope);
  const onDelete = async () => {
    const confirmed = await confirm({
      title: t('delete_title'),
      message: t('delete_confirm', { name: role.name, count: role.holder_count }),
      confirmLabel: t('delete_button'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(role.id, {
      onSuccess: () => showToast('deleting_successful'),
      onError: () => showToast('deleting_failure', { kind: 'error' }),
    });
  };
  return (
    <Table.Tr>
      <Table.Td>
        <RoleBadge name={role.name} color={role.color} textColor={role.text_color} />
        {/* Phones show the other columns' texts here. */}
        <Text size="sm" c="dimmed" mt={4} hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
          {role.plural_name} · {role.slug} · {t(`display_types.${role.display_type}`)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
        {role.plural_name}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {role.slug}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{t(`display_types.${role.display_type}`)}</Table.Td>
      <Table.Td ta="right">{role.holder_count}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {role.can.update && (
            <Tooltip label={t('edit', { name: role.name })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('edit', { name: role.name })}
                disabled={locked}
                onClick={onEdit}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {role.can.destroy && (
            <Tooltip label={t('delete', { name: role.name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('delete', { name: role.name })}
                disabled={locked}
                loading={remove.isPending}
                onClick={() => void onDelete()}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The roles of the network or of a group in a table; one row at a time is edited in place, a
 * new role in a row at the end. Deleting asks first, naming how many members hold the role.
 */
export function RolesEditor({ scope }: { scope: RoleScope }) {
  const { t } = useTranslation('membership-roles');
  const roles = useQuery(membershipRolesQuery(scope));
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => setEditing(null);
  const list = roles.data ?? [];

  return (
    <Stack gap="md">
      {roles.isPending && <LoadingRow />}
      {roles.isError && <ErrorRow error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.data && list.length === 0 && editing !== NEW && (
        <EmptyState icon={<IconTags size={32} aria-hidden />} title={t('empty')} text={t('empty_text')} />
      )}
      {roles.data && (list.length > 0 || editing === NEW) && (
        <Table.ScrollContainer minWidth={300}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.plural_name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.slug')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.display_type')}</Table.Th>
                <Table.Th ta="right">{t('columns.holders')}</Table.Th>
                <Table.Th ta="right">{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((role) =>
                editing === role.id ? (
                  <RoleFormRow key={role.id} scope={scope} role={role} columns={COLUMNS} onDone={done} />
                ) : (
                  <RoleRow
                    key={role.id}
                    role={role}
                    scope={scope}
                    locked={editing !== null}
                    onEdit={() => setEditing(role.id)}
                  />
                ),
              )}
              {editing === NEW && <RoleFormRow scope={scope} role={null} columns={COLUMNS} onDone={done} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {roles.data && (
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={editing !== null}
            onClick={() => setEditing(NEW)}
          >
            {t('new')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

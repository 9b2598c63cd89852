import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CategoryAdmin, MemberOption } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { MemberLabel } from '../../../ui/member-label.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { categoryAdminsQuery, useAppointCategoryAdmin, useRemoveCategoryAdmin } from '../category-admins-api.ts';

function AdminRow({ slug, admin }: { slug: string; admin: CategoryAdmin }) {
  const { t } = useTranslation('group-category-admins');
  const remove = useRemoveCategoryAdmin(slug);
  const onRemove = async () => {
    const confirmed = await confirm({
      title: t('remove_title'),
      message: t('remove_confirm', { name: admin.displayName }),
      confirmLabel: t('remove_button'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(admin.id, {
      onSuccess: () => showToast(t('removed', { name: admin.displayName }), { kind: 'success' }),
      onError: () => showToast('deleting_failure', { kind: 'error' }),
    });
  };
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Anchor component={Link} to={admin.path} c="inherit" style={{ minWidth: 0 }}>
        <MemberLabel member={admin} />
      </Anchor>
      <Tooltip label={t('remove', { name: admin.displayName })}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('remove', { name: admin.displayName })}
          loading={remove.isPending}
          onClick={() => void onRemove()}
        >
          <IconUserMinus size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The category's administrators (who administrate every group in it) on its edit page: a member
 * picker to appoint one, and a remove button for each.
 */
export function CategoryAdminsSection({ slug }: { slug: string }) {
  const { t } = useTranslation('group-category-admins');
  const admins = useQuery(categoryAdminsQuery(slug));
  const appoint = useAppointCategoryAdmin(slug);
  const [error, setError] = useState<string | undefined>();

  const onPick = (member: MemberOption | null) => {
    if (!member) return;
    setError(undefined);
    appoint.mutate(member.id, {
      onSuccess: () => showToast(t('appointed', { name: member.displayName }), { kind: 'success' }),
      onError: (failure) =>
        setError(
          showFormErrors(failure, { ns: 'group-category-admins', labels: { membership_id: t('pick') } }).membership_id,
        ),
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {admins.isPending && <LoadingRow />}
        {admins.isError && <ErrorRow error={admins.error} onRetry={() => void admins.refetch()} />}
        {admins.data?.length === 0 && <Text size="sm">{t('empty')}</Text>}
        {admins.data?.map((admin) => (
          <AdminRow key={admin.id} slug={slug} admin={admin} />
        ))}
        <MemberSelect
          label={t('pick')}
          placeholder={t('pick_placeholder')}
          value={null}
          onChange={onPick}
          error={error}
          disabled={appoint.isPending}
        />
      </Stack>
    </Paper>
  );
}

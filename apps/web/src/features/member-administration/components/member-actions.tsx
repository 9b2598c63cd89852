import { Button, Fieldset, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MemberAdminDetail } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { useDeleteMember, useSetLocked } from '../api.ts';

const NS = 'member-administration';

/** Lock or unlock (asked first when locking) and delete (asked first), as the member's `can` allows. */
export function MemberActions({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const setLocked = useSetLocked(member.id);
  const remove = useDeleteMember(member.id);
  const name = member.name;

  const toggleLock = async () => {
    const locking = !member.locked;
    if (locking) {
      const confirmed = await confirm({
        title: t('edit.lock_title', { name }),
        message: t('edit.lock_message', { name }),
        confirmLabel: t('edit.lock'),
        danger: true,
      });
      if (!confirmed) return;
    }
    setLocked.mutate(locking, {
      onSuccess: () => showToast(t(locking ? 'edit.locked' : 'edit.unlocked', { name })),
      onError: (error) => showFormErrors(error, { ns: NS }),
    });
  };

  const destroy = async () => {
    const confirmed = await confirm({
      title: t('edit.delete_title', { name }),
      message: t('edit.delete_message', { name }),
      confirmLabel: t('edit.delete'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        showToast(t('edit.deleted', { name }));
        void navigate('/administration/members');
      },
      onError: (error) => showFormErrors(error, { ns: NS }),
    });
  };

  if (!member.can.lock && !member.can.destroy) {
    return (
      <Text size="sm" c="dimmed">
        {t('edit.own_account')}
      </Text>
    );
  }
  return (
    <Fieldset legend={t('edit.actions')}>
      <Group gap="sm" wrap="wrap">
        {member.can.lock && (
          <Button
            variant="default"
            leftSection={member.locked ? <IconLockOpen size={16} aria-hidden /> : <IconLock size={16} aria-hidden />}
            loading={setLocked.isPending}
            onClick={() => void toggleLock()}
          >
            {member.locked ? t('edit.unlock') : t('edit.lock')}
          </Button>
        )}
        {member.can.destroy && (
          <Button
            color="red.9"
            variant="outline"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={() => void destroy()}
          >
            {t('edit.delete')}
          </Button>
        )}
      </Group>
    </Fieldset>
  );
}

import { Button, Group as Row } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Group } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useArchiveGroup, useDestroyGroup } from '../api.ts';

/** Archive or unarchive and delete a group, each after a confirmation that names it (as `can` allows). */
export function GroupLifecycleActions({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const archive = useArchiveGroup(group.slug);
  const destroy = useDestroyGroup(group.slug);
  const navigate = useNavigate();
  const name = group.name;

  const toggleArchived = async () => {
    const archiving = !group.archived;
    const confirmed = await confirm({
      title: t(archiving ? 'lifecycle.archive_title' : 'lifecycle.unarchive_title'),
      message: t(archiving ? 'lifecycle.archive_confirm' : 'lifecycle.unarchive_confirm', { name }),
      confirmLabel: t(archiving ? 'lifecycle.archive' : 'lifecycle.unarchive'),
    });
    if (!confirmed) return;
    archive.mutate(archiving, {
      onSuccess: (answer) =>
        showToast(t(answer.archived ? 'lifecycle.archived' : 'lifecycle.unarchived', { name }), { kind: 'success' }),
      onError: () =>
        showToast(t(archiving ? 'lifecycle.archive_failure' : 'lifecycle.unarchive_failure', { name }), {
          kind: 'error',
        }),
    });
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: t('lifecycle.destroy_title'),
      message: t('lifecycle.destroy_confirm', { name }),
      confirmLabel: t('lifecycle.destroy'),
      danger: true,
    });
    if (!confirmed) return;
    destroy.mutate(undefined, {
      onSuccess: (answer) => {
        showToast(t('lifecycle.destroyed', { name }), { kind: 'success' });
        void navigate(answer.redirect, { replace: true });
      },
      onError: () => showToast(t('lifecycle.destroy_failure', { name }), { kind: 'error' }),
    });
  };

  if (!group.can.archive && !group.can.destroy) return null;
  return (
    <Row gap="sm">
      {group.can.archive && (
        <Button
          variant="default"
          leftSection={
            group.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
          }
          loading={archive.isPending}
          onClick={() => void toggleArchived()}
        >
          {t(group.archived ? 'lifecycle.unarchive' : 'lifecycle.archive')}
        </Button>
      )}
      {group.can.destroy && (
        <Button
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={destroy.isPending}
          onClick={() => void remove()}
        >
          {t('lifecycle.destroy')}
        </Button>
      )}
    </Row>
  );
}

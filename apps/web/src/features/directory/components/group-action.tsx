import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DirectoryGroup } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useErrorMessage } from '../../../ui/use-error-message.ts';
import { useGroupAction, type GroupAction } from '../api.ts';

/** What a member can do from a group's row: join, ask to, accept the invitation, withdraw or leave. */
function actionOf(group: DirectoryGroup): { action: GroupAction; label: string; confirm?: string } | null {
  const state = group.membership_status_of_current_member;
  if (state === 'invited' && group.invite) return { action: 'accept_invite', label: 'actions.accept_invite' };
  if (state === 'member' && group.can.leave) return { action: 'leave', label: 'actions.leave', confirm: 'leave' };
  if (state === 'in_moderation') return { action: 'leave', label: 'actions.withdraw', confirm: 'withdraw' };
  if (state === 'no_member' && group.can.join) return { action: 'join', label: 'actions.join' };
  if (state === 'no_member' && group.can.join_moderated) return { action: 'join', label: 'actions.request' };
  return null;
}

const DONE: Record<string, string> = {
  'actions.join': 'toast.joined',
  'actions.request': 'toast.requested',
  'actions.accept_invite': 'toast.invite_accepted',
  'actions.leave': 'toast.left',
  'actions.withdraw': 'toast.withdrawn',
};

/** The fitting action of a directory row; the list reloads the row's state after it. */
export function GroupActionButton({ group }: { group: DirectoryGroup }) {
  const { t } = useTranslation('directory');
  const errorMessage = useErrorMessage();
  const mutation = useGroupAction();
  const fitting = actionOf(group);
  if (!fitting) return null;
  const leaving = fitting.action === 'leave';

  const run = async () => {
    if (fitting.confirm) {
      const confirmed = await confirm({
        title: t(`confirm.${fitting.confirm}_title`),
        message: t(`confirm.${fitting.confirm}`, { name: group.name }),
        confirmLabel: t(fitting.label),
        danger: fitting.confirm === 'leave',
      });
      if (!confirmed) return;
    }
    mutation.mutate(
      { action: fitting.action, groupId: group.id, inviteId: group.invite?.id },
      {
        onSuccess: () => showToast(t(DONE[fitting.label]!, { name: group.name }), { kind: 'success' }),
        onError: (error) => showToast(errorMessage(error), { kind: 'error' }),
      },
    );
  };

  return (
    <Button
      size="xs"
      variant={leaving ? 'default' : 'filled'}
      loading={mutation.isPending}
      onClick={() => void run()}
      aria-label={`${t(fitting.label)}: ${group.name}`}
    >
      {t(fitting.label)}
    </Button>
  );
}

import { Button, Group as Row, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff, IconCheck, IconDoorExit, IconUserPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useAnswerGroupInvite, useJoinGroup, useSubscribeGroup } from './api.ts';

const NS = 'group-membership';

/** Tells what went wrong in the member's language (last_admin, group_archived ...). */
const failed = (error: unknown) => showToast(errorMessage(error, NS), { kind: 'error' });

/**
 * What the member can do about the group from where they stand: join or ask to, withdraw the
 * request, answer an invitation, subscribe, leave. Only what the `can` flags and the state allow.
 */
export function MembershipActions({ group }: { group: Group }) {
  const { t } = useTranslation(NS);
  const join = useJoinGroup(group);
  const subscribe = useSubscribeGroup(group);
  const answer = useAnswerGroupInvite(group);
  const status = group.membership_status_of_current_member;
  const busy = join.isPending || subscribe.isPending || answer.isPending;

  const run = (promise: Promise<unknown>, success: string) =>
    promise.then(
      () => showToast(t(success), { kind: 'success' }),
      (error: unknown) => failed(error),
    );

  const leave = async () => {
    const ok = await confirm({
      title: t('leave.title'),
      message: t('leave.message', { name: group.name }),
      confirmLabel: t('leave.confirm'),
      danger: true,
    });
    if (ok) await run(join.mutateAsync(false), 'leave.done');
  };

  const withdraw = async () => {
    const ok = await confirm({
      title: t('withdraw.title'),
      message: t('withdraw.message', { name: group.name }),
      confirmLabel: t('withdraw.confirm'),
      danger: true,
    });
    if (ok) await run(join.mutateAsync(false), 'withdraw.done');
  };

  if (status === 'member' || status === 'admin') {
    return (
      <Row gap="sm">
        <Button
          variant={group.i_haz_subscription ? 'light' : 'default'}
          leftSection={
            group.i_haz_subscription ? <IconBell size={16} aria-hidden /> : <IconBellOff size={16} aria-hidden />
          }
          aria-pressed={group.i_haz_subscription}
          loading={subscribe.isPending}
          disabled={busy}
          onClick={() =>
            void run(
              subscribe.mutateAsync(!group.i_haz_subscription),
              group.i_haz_subscription ? 'unsubscribed' : 'subscribed',
            )
          }
        >
          {t(group.i_haz_subscription ? 'subscription.on' : 'subscription.off')}
        </Button>
        {group.can.leave && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconDoorExit size={16} aria-hidden />}
            loading={join.isPending}
            disabled={busy}
            onClick={() => void leave()}
          >
            {t('leave.button')}
          </Button>
        )}
      </Row>
    );
  }

  if (status === 'in_moderation') {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('state.in_moderation')}</Text>
        <Row>
          <Button variant="default" loading={join.isPending} disabled={busy} onClick={() => void withdraw()}>
            {t('withdraw.button')}
          </Button>
        </Row>
      </Stack>
    );
  }

  if (status === 'invited' && group.invite && !group.archived) {
    const inviteId = group.invite.id;
    return (
      <Stack gap="xs">
        <Text size="sm">{t('state.invited')}</Text>
        <Row gap="sm">
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={answer.isPending && answer.variables?.accept}
            disabled={busy}
            onClick={() => void run(answer.mutateAsync({ inviteId, accept: true }), 'invite.accepted')}
          >
            {t('invite.accept')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            loading={answer.isPending && !answer.variables?.accept}
            disabled={busy}
            onClick={() => void run(answer.mutateAsync({ inviteId, accept: false }), 'invite.declined')}
          >
            {t('invite.decline')}
          </Button>
        </Row>
      </Stack>
    );
  }

  if (group.archived) return null;
  if (group.can.join || group.can.join_moderated) {
    const moderated = !group.can.join;
    return (
      <Stack gap="xs">
        {moderated && (
          <Text size="sm" c="dimmed">
            {t('state.moderated_hint')}
          </Text>
        )}
        <Row>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            loading={join.isPending}
            disabled={busy}
            onClick={() => void run(join.mutateAsync(true), moderated ? 'request.done' : 'join.done')}
          >
            {t(moderated ? 'request.button' : 'join.button')}
          </Button>
        </Row>
      </Stack>
    );
  }
  return null;
}

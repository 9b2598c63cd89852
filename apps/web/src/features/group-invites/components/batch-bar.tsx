import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBan, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canRenewInvites, canRevokeInvites, type GroupInviteStatus } from '@agora/contracts';

/** What the batch rules look at: group invitations and invitations by e-mail alike. */
export type BatchInvite = { id: string; status: GroupInviteStatus; can: { renew: boolean; revoke: boolean } };

type BatchBarProps = {
  selected: BatchInvite[];
  pending: 'renew' | 'revoke' | null;
  onRenew: () => void;
  onRevoke: () => void;
};

/** Whether the selected invites may be renewed and revoked (spec, section 4: invite batch states). */
export function batchAbilities(selected: BatchInvite[]) {
  const statuses = selected.map((invite) => invite.status);
  return {
    renew: canRenewInvites(statuses) && selected.every((invite) => invite.can.renew),
    revoke: canRevokeInvites(statuses) && selected.every((invite) => invite.can.revoke),
  };
}

/** The batch actions over the selected invites; shown only while at least one is selected. */
export function BatchBar({ selected, pending, onRenew, onRevoke }: BatchBarProps) {
  const { t } = useTranslation('group-invites');
  if (selected.length === 0) return null;
  const can = batchAbilities(selected);
  return (
    <Paper withBorder radius="md" p="xs" role="region" aria-label={t('sent.batch.label')} data-testid="batch-bar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} aria-live="polite">
          {t('sent.batch.selected', { count: selected.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            disabled={!can.renew || pending === 'revoke'}
            loading={pending === 'renew'}
            onClick={onRenew}
          >
            {t('sent.batch.renew')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconBan size={14} aria-hidden />}
            disabled={!can.revoke || pending === 'renew'}
            loading={pending === 'revoke'}
            onClick={onRevoke}
          >
            {t('sent.batch.revoke')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

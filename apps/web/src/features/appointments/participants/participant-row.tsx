import { ActionIcon, Anchor, Avatar, Badge, Box, Flex, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appointment, Participant } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useRemoveParticipant, useUpdateParticipant } from '../participation-api.ts';
import { chooseApplyTo } from './apply-to.ts';
import { MANAGED_STATUSES, STATUS_COLORS, managedStatus, type ManagedStatus } from './participant-status.ts';

type ParticipantRowProps = {
  appointment: Pick<Appointment, 'id' | 'type' | 'can'>;
  participant: Participant;
};

/** The roles shown beside a name: membership roles by name, the author as organiser. */
function useRoleNames(participant: Participant): string[] {
  const { t } = useTranslation('appointments');
  return participant.roles
    .filter((role) => role.display_type !== 'hidden')
    .map((role) => (role.id === null && role.name === 'organizer' ? t('participants.roles.organizer') : role.name));
}

/**
 * One participant: picture, name (a link to the member), external and consumer badges, roles and
 * status; for organisers a status select and a remove button. Below 640 px the controls move
 * under the name.
 */
export function ParticipantRow({ appointment, participant }: ParticipantRowProps) {
  const { t } = useTranslation('appointments');
  const update = useUpdateParticipant(appointment.id);
  const remove = useRemoveParticipant(appointment.id);
  const { membership } = participant;
  const roles = useRoleNames(participant);
  const status = managedStatus(participant.status);
  const manage = appointment.can.update_participants;
  const shownStatus = update.isPending && update.variables ? managedStatus(update.variables.status) : status;

  const changeStatus = async (next: ManagedStatus) => {
    if (next === status) return;
    const choice = await chooseApplyTo(appointment);
    if (!choice.go) return;
    update.mutate(
      { participantId: participant.id, status: next, applyTo: choice.applyTo },
      { onSuccess: () => showToast('saving_successful'), onError: () => showToast('saving_failure') },
    );
  };

  const removeParticipant = async () => {
    const confirmed = await confirm({
      title: t('participants.remove.title'),
      message: t('participants.remove.message', { name: membership.name }),
      confirmLabel: t('participants.remove.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    const choice = await chooseApplyTo(appointment);
    if (!choice.go) return;
    remove.mutate(
      { participantId: participant.id, applyTo: choice.applyTo },
      {
        onSuccess: () => showToast('appointments:participants.remove.success'),
        onError: () => showToast('deleting_failure'),
      },
    );
  };

  return (
    <Flex
      component="li"
      direction={{ base: 'column', xs: 'row' }}
      align={{ base: 'stretch', xs: 'center' }}
      justify="space-between"
      gap="xs"
      py="xs"
      px="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="participant-row"
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Avatar src={membership.images.small} name={membership.name} alt="" aria-hidden radius="xl" />
        <Box miw={0}>
          <Group gap={6} wrap="wrap">
            <Anchor component={Link} to={membership.path} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {membership.name}
            </Anchor>
            {membership.is_external && (
              <Badge size="xs" variant="dot" color="orange">
                {t('participants.badges.external')}
              </Badge>
            )}
            {membership.is_consumer && (
              <Badge size="xs" variant="dot" color="grape">
                {t('participants.badges.consumer')}
              </Badge>
            )}
          </Group>
          {roles.length > 0 && (
            <Text size="xs" c="dimmed">
              {roles.join(', ')}
            </Text>
          )}
        </Box>
      </Group>
      {manage ? (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Select
            aria-label={t('participants.status_of', { name: membership.name })}
            data={MANAGED_STATUSES.map((value) => ({ value, label: t(`participants.status.${value}`) }))}
            value={shownStatus}
            onChange={(value) => value && void changeStatus(value as ManagedStatus)}
            allowDeselect={false}
            disabled={!participant.can.update || update.isPending}
            w={{ base: '100%', xs: 170 }}
            style={{ flex: '1 1 auto' }}
          />
          {participant.can.destroy && (
            <Tooltip label={t('participants.remove.label', { name: membership.name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('participants.remove.label', { name: membership.name })}
                loading={remove.isPending}
                onClick={() => void removeParticipant()}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ) : (
        <div>
          <Badge variant="light" color={STATUS_COLORS[status]}>
            {t(`participants.status.${status}`)}
          </Badge>
        </div>
      )}
    </Flex>
  );
}

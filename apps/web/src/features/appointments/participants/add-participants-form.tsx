import { Button, Group, Paper, Select, Stack, Switch, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddParticipantsResult, Appointment } from '@agora/contracts';
import { showToast } from '../../../ui/toast.tsx';
import { useAddParticipants } from '../participation-api.ts';
import { chooseApplyTo } from './apply-to.ts';
import { InviteePickers, inviteeIds, NO_INVITEES, nobodyChosen } from './invitee-pickers.tsx';
import { ADD_STATUSES } from './participant-status.ts';

type AddParticipantsFormProps = {
  appointment: Pick<Appointment, 'id' | 'type' | 'invite_consumers'>;
  /** After a successful add: the page fetches the list again a few times. */
  onAdded: () => void;
};

type Chosen = { members: boolean; groups: boolean; roles: boolean };

/** The success toast names what was added: members, groups or roles, or several of them. */
function addedMessageKey(chosen: Chosen): string {
  const kinds = (['members', 'groups', 'roles'] as const).filter((kind) => chosen[kind]);
  return kinds.length === 1 ? `participants.add.added_${kinds[0]}` : 'participants.add.added_combined';
}

/**
 * Adds members, groups and membership roles with a status, optionally with an e-mail to them and
 * with consumers (members from outside the network) searchable (calendars spec, participants
 * management). Large groups and roles are added by a background job: the answer says so.
 */
export function AddParticipantsForm({ appointment, onAdded }: AddParticipantsFormProps) {
  const { t } = useTranslation('appointments');
  const add = useAddParticipants(appointment.id);
  const [invitees, setInvitees] = useState(NO_INVITEES);
  const [status, setStatus] = useState<(typeof ADD_STATUSES)[number]>('invited');
  const [sendEmail, setSendEmail] = useState(false);
  const [inviteConsumers, setInviteConsumers] = useState(appointment.invite_consumers);

  const ids = inviteeIds(invitees);
  const nothingChosen = nobodyChosen(invitees);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nothingChosen || add.isPending) return;
    const choice = await chooseApplyTo(appointment);
    if (!choice.go) return;
    const chosen: Chosen = {
      members: ids.membership_ids.length > 0,
      groups: ids.group_ids.length > 0,
      roles: ids.membership_role_ids.length > 0,
    };
    add.mutate(
      {
        participant: {
          ...ids,
          status,
          send_email_notification: sendEmail,
          invite_consumers: inviteConsumers,
        },
        ...(choice.applyTo ? { apply_to: choice.applyTo } : {}),
      },
      {
        onSuccess: (result: AddParticipantsResult) => {
          const message = t(addedMessageKey(chosen));
          showToast(result.queued ? `${message} ${t('participants.add.queued')}` : message, { kind: 'success' });
          setInvitees(NO_INVITEES);
          onAdded();
        },
        onError: () => showToast('saving_failure'),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="add-heading">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="add-heading">
            {t('participants.add.title')}
          </Title>
          <InviteePickers value={invitees} onChange={setInvitees} includeConsumers={inviteConsumers} />
          <Select
            label={t('participants.add.status')}
            data={ADD_STATUSES.map((value) => ({ value, label: t(`participants.status.${value}`) }))}
            value={status}
            onChange={(value) => value && setStatus(value as (typeof ADD_STATUSES)[number])}
            allowDeselect={false}
            maw={{ base: '100%', sm: 240 }}
          />
          <Switch
            label={t('participants.add.send_email')}
            checked={sendEmail}
            onChange={(event) => setSendEmail(event.currentTarget.checked)}
          />
          <Switch
            label={t('participants.add.invite_consumers')}
            checked={inviteConsumers}
            onChange={(event) => setInviteConsumers(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              disabled={nothingChosen}
              loading={add.isPending}
            >
              {t('participants.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

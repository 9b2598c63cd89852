import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddParticipantsResult, Appointment, MemberOption } from '@agora/contracts';
import type { DirectoryOption } from '../../../ui/directory-search.ts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useAddParticipants } from '../participation-api.ts';
import { chooseApplyTo } from './apply-to.ts';
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
  const [members, setMembers] = useState<MemberOption[]>([]);
  const [directory, setDirectory] = useState<DirectoryOption[]>([]);
  const [status, setStatus] = useState<(typeof ADD_STATUSES)[number]>('invited');
  const [sendEmail, setSendEmail] = useState(false);
  const [inviteConsumers, setInviteConsumers] = useState(appointment.invite_consumers);

  const groupIds = directory.filter((option) => option.type === 'group').map((option) => option.id);
  const roleIds = directory.filter((option) => option.type === 'membership_role').map((option) => option.id);
  const nothingChosen = members.length === 0 && groupIds.length === 0 && roleIds.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nothingChosen || add.isPending) return;
    const choice = await chooseApplyTo(appointment);
    if (!choice.go) return;
    const chosen: Chosen = { members: members.length > 0, groups: groupIds.length > 0, roles: roleIds.length > 0 };
    add.mutate(
      {
        participant: {
          membership_ids: members.map((member) => member.id),
          group_ids: groupIds,
          membership_role_ids: roleIds,
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
          setMembers([]);
          setDirectory([]);
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MemberSelect
              multiple
              label={t('participants.add.members')}
              description={inviteConsumers ? t('participants.add.members_with_consumers') : undefined}
              value={members}
              onChange={setMembers}
              includeConsumers={inviteConsumers}
            />
            <DirectorySelect
              label={t('participants.add.groups_and_roles')}
              value={directory}
              onChange={setDirectory}
              includeMembershipRoles
            />
          </SimpleGrid>
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

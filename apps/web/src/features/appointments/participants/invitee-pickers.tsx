import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Invitees, MemberOption } from '@agora/contracts';
import type { DirectoryOption } from '../../../ui/directory-search.ts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import type { FormErrors } from '../../../ui/form-errors.ts';
import { MemberSelect } from '../../../ui/member-select.tsx';

/** Members picked one by one, and groups and membership roles picked from the directory. */
export type InviteeChoice = { members: MemberOption[]; directory: DirectoryOption[] };

export const NO_INVITEES: InviteeChoice = { members: [], directory: [] };

/** The ids the server takes for a choice (adding participants, the appointment form's invitation). */
export function inviteeIds(choice: InviteeChoice): Omit<Invitees, 'send_email_notification'> {
  const of = (type: DirectoryOption['type']) => choice.directory.filter((o) => o.type === type).map((o) => o.id);
  return {
    membership_ids: choice.members.map((member) => member.id),
    group_ids: of('group'),
    membership_role_ids: of('membership_role'),
  };
}

export function nobodyChosen(choice: InviteeChoice): boolean {
  return choice.members.length === 0 && choice.directory.length === 0;
}

type InviteePickersProps = {
  value: InviteeChoice;
  onChange: (value: InviteeChoice) => void;
  /** Consumers are found too (when they are invited). */
  includeConsumers: boolean;
  /** The server's answer, by its keys (`membership_ids`, or `invitation.membership_ids` with `errorPrefix`). */
  errors?: FormErrors;
  errorPrefix?: string;
};

/**
 * The member search and the group and role search side by side (one column on a phone): who is
 * added on the participants page and who is invited by the appointment form.
 */
export function InviteePickers({ value, onChange, includeConsumers, errors, errorPrefix = '' }: InviteePickersProps) {
  const { t } = useTranslation('appointments');
  const error = (key: string) => errors?.[`${errorPrefix}${key}`];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <MemberSelect
        multiple
        label={t('participants.add.members')}
        description={includeConsumers ? t('participants.add.members_with_consumers') : undefined}
        value={value.members}
        onChange={(members) => onChange({ ...value, members })}
        includeConsumers={includeConsumers}
        error={error('membership_ids')}
      />
      <DirectorySelect
        label={t('participants.add.groups_and_roles')}
        value={value.directory}
        onChange={(directory) => onChange({ ...value, directory })}
        includeMembershipRoles
        error={error('group_ids') ?? error('membership_role_ids')}
      />
    </SimpleGrid>
  );
}

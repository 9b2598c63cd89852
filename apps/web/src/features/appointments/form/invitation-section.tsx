import { Anchor, Switch, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentBody } from '@agora/contracts';
import {
  InviteePickers,
  inviteeIds,
  NO_INVITEES,
  nobodyChosen,
  type InviteeChoice,
} from '../participants/invitee-pickers.tsx';
import { FormSection, type SectionProps } from './form-section.tsx';

/** Who a new appointment invites, and whether they hear of it by e-mail too. */
export type InvitationValues = InviteeChoice & { sendEmail: boolean };

export const NO_INVITATION: InvitationValues = { ...NO_INVITEES, sendEmail: false };

/** The server's keys of the invitation's errors (a 422 of `POST /appointments`). */
export const INVITATION_FIELDS = [
  'invitation.membership_ids',
  'invitation.group_ids',
  'invitation.membership_role_ids',
];

/** The invitation's part of a new appointment's body: nothing when nobody is chosen. */
export function invitationBody(invitation: InvitationValues): Pick<AppointmentBody, 'invitation'> {
  if (nobodyChosen(invitation)) return {};
  return { invitation: { ...inviteeIds(invitation), send_email_notification: invitation.sendEmail } };
}

/** The invitation's fields as the error toast names them. */
export function invitationLabels(t: TFunction<'appointments'>): Record<string, string> {
  const groupsAndRoles = t('participants.add.groups_and_roles');
  return {
    'invitation.membership_ids': t('participants.add.members'),
    'invitation.group_ids': groupsAndRoles,
    'invitation.membership_role_ids': groupsAndRoles,
  };
}

type InvitationSectionProps = SectionProps & {
  invitation: InvitationValues;
  onInvitation: (invitation: InvitationValues) => void;
};

/**
 * The form's invitation of members, groups and membership roles (calendars spec, appointment
 * form): saved with the new appointment, they are invited as the participants page invites
 * (an invite each, a notification, an e-mail when asked for). Consumers can be picked when the
 * appointment invites consumers.
 */
export function InvitationSection({ values, update, errors, invitation, onInvitation }: InvitationSectionProps) {
  const { t } = useTranslation('appointments');
  const inviteConsumers = values.kept.inviteConsumers;
  return (
    <FormSection title={t('form.sections.invitation')}>
      <Text size="sm" c="dimmed">
        {t('form.invitation.hint')}
      </Text>
      <InviteePickers
        value={invitation}
        onChange={(choice) => {
          onInvitation({ ...invitation, ...choice });
          // A new choice answers the server's complaint about the old one.
          update((v) => v, INVITATION_FIELDS);
        }}
        includeConsumers={inviteConsumers}
        errors={errors}
        errorPrefix="invitation."
      />
      <Switch
        label={t('participants.add.send_email')}
        checked={invitation.sendEmail}
        onChange={(event) => onInvitation({ ...invitation, sendEmail: event.currentTarget.checked })}
      />
      <Switch
        label={t('participants.add.invite_consumers')}
        checked={inviteConsumers}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          update(
            (v) => ({ ...v, kept: { ...v.kept, inviteConsumers: checked } }),
            ['invite_consumers', ...INVITATION_FIELDS],
          );
        }}
      />
    </FormSection>
  );
}

/** On an existing appointment, whom it invites is changed on its participants page. */
export function InvitationLink({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('appointments');
  return (
    <FormSection title={t('form.sections.invitation')}>
      <Text size="sm" c="dimmed">
        {t('form.invitation.edit_hint')}
      </Text>
      <Anchor component={Link} to={`/appointments/${encodeURIComponent(appointmentId)}/participants`} size="sm">
        {t('form.invitation.manage')}
      </Anchor>
    </FormSection>
  );
}

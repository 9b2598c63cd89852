import { Select, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_LIMITS,
  MEETING_LINK_TYPES,
  TEXT_LIMITS,
  URL_MAX_LENGTH,
  type MeetingLinkType,
} from '@agora/contracts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { setBypassLobby, setOnlineMeeting, setTeamsSync } from './form-rules.ts';
import { FormSection, type SectionProps } from './form-section.tsx';
import { MeetingRoomField, type RoomChoice } from './meeting-room-field.tsx';

type LocationField = Exclude<keyof SectionProps['values']['location'], 'meetingLinkType'>;
const LOCATION_MAX: Record<LocationField, number> = {
  name: TEXT_LIMITS.line,
  address1: TEXT_LIMITS.line,
  address2: TEXT_LIMITS.line,
  zip: APPOINTMENT_LIMITS.zipMaxLength,
  city: TEXT_LIMITS.line,
  country: TEXT_LIMITS.line,
  link: URL_MAX_LENGTH,
};

/** Where: name, address, outside link and what kind of meeting link it is. */
export function LocationSection({ values, update, errors }: SectionProps) {
  const { t } = useTranslation('appointments');
  const input = (field: LocationField, props: { type?: string } = {}) => (
    <LimitedTextInput
      label={t(`form.location.${field}`)}
      maxLength={LOCATION_MAX[field]}
      value={values.location[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        update((v) => ({ ...v, location: { ...v.location, [field]: value } }), `location.${field}`);
      }}
      error={errors[`location.${field}`]}
      {...props}
    />
  );
  return (
    <FormSection title={t('form.sections.location')}>
      {input('name')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {input('address1')}
        {input('address2')}
        {input('zip')}
        {input('city')}
        {input('country')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {input('link', { type: 'url' })}
        <Select
          label={t('form.location.meeting_link_type')}
          clearable
          data={MEETING_LINK_TYPES.map((value) => ({ value, label: t(`meeting_link_types.${value}`) }))}
          value={values.location.meetingLinkType}
          onChange={(value) =>
            update(
              (v) => ({ ...v, location: { ...v.location, meetingLinkType: value as MeetingLinkType | null } }),
              'location.meeting_link_type',
            )
          }
          error={errors['location.meeting_link_type']}
        />
      </SimpleGrid>
    </FormSection>
  );
}

type MeetingField = keyof SectionProps['values']['meeting'];
const MEETING_MAX: Record<MeetingField, number> = {
  joinUrl: URL_MAX_LENGTH,
  phone: APPOINTMENT_LIMITS.conferenceCallMaxLength,
  accessCode: APPOINTMENT_LIMITS.conferenceCallMaxLength,
};
const MEETING_FIELDS: Record<MeetingField, string> = {
  joinUrl: 'meeting.join_url',
  phone: 'meeting.conference_call_phone_number',
  accessCode: 'meeting.conference_call_access_code',
};

/** How to join online; with the Teams options when the member may see them. */
export function MeetingSection({
  values,
  update,
  errors,
  canSeeTeams,
  rooms,
}: SectionProps & {
  canSeeTeams: boolean;
  /** The meeting room picker, where the network has rooms (network can.create_meetings). */
  rooms?: { appointmentId?: string; initialRoom: RoomChoice | null } | null;
}) {
  const { t } = useTranslation('appointments');
  const input = (field: MeetingField, props: { type?: string } = {}) => (
    <LimitedTextInput
      label={t(`form.meeting.${field}`)}
      maxLength={MEETING_MAX[field]}
      value={values.meeting[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        update((v) => ({ ...v, meeting: { ...v.meeting, [field]: value } }), MEETING_FIELDS[field]);
      }}
      error={errors[MEETING_FIELDS[field]]}
      {...props}
    />
  );
  return (
    <>
      <FormSection title={t('form.sections.meeting')}>
        {rooms && <MeetingRoomField values={values} update={update} errors={errors} {...rooms} />}
        {input('joinUrl', { type: 'url' })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('phone', { type: 'tel' })}
          {input('accessCode')}
        </SimpleGrid>
      </FormSection>
      {canSeeTeams && (
        <FormSection title={t('form.sections.teams')}>
          <Switch
            label={t('form.teams.sync')}
            description={t('form.teams.sync_hint')}
            checked={values.teams.sync}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              update((v) => setTeamsSync(v, on), 'teams_configuration.teams_sync_enabled');
            }}
          />
          <Switch
            label={t('form.teams.online')}
            checked={values.teams.online}
            disabled={values.teams.sync}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              update((v) => setOnlineMeeting(v, on), 'teams_configuration.online_meeting');
            }}
          />
          <Switch
            label={t('form.teams.bypass')}
            checked={values.teams.bypass}
            disabled={!(values.teams.sync && values.teams.online)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              update((v) => setBypassLobby(v, on), 'teams_configuration.bypass_lobby');
            }}
          />
        </FormSection>
      )}
    </>
  );
}

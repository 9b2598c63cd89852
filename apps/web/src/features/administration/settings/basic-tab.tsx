import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NETWORK_SETTINGS_LIMITS, TEXT_LIMITS, URL_MAX_LENGTH } from '@agora/contracts';
import { NumberChoiceField, NumberField, SelectField, SwitchField, TagsField, TextField } from './fields.tsx';
import { useSettingsForm } from './form-context.tsx';
import { Section } from './section.tsx';

const ZOOM_LEVELS = [0, 3, 6, 10, 15] as const;
const MAP_THEMES = ['osm_bright', 'alidade_smooth', 'alidade_smooth_dark', 'outdoors'] as const;

/** Name, language and start page; maps; chat; files and appointments. */
export function BasicTab() {
  const { t } = useTranslation('admin-settings');
  const { t: tc } = useTranslation('common');
  const form = useSettingsForm();
  const { values, data } = form;
  return (
    <Stack gap="md">
      <Section title={t('sections.network')}>
        <TextField path="name" maxLength={TEXT_LIMITS.line} required />
        <SelectField
          path="language"
          disabled={!data.language_changeable}
          description={data.language_changeable ? undefined : t('fields.language.not_changeable')}
          data={(data.language_changeable ? data.languages : [values.language]).map((value) => ({
            value,
            label: tc(`languages.${value}`, { defaultValue: value }),
          }))}
        />
        <TextField path="start_page" maxLength={URL_MAX_LENGTH} placeholder="/calendars" />
        {form.shown('abuse_reports_enabled') && <SwitchField path="abuse_reports_enabled" />}
      </Section>
      <Section title={t('sections.maps')}>
        <SwitchField path="maps_enabled" />
        <SwitchField path="show_map" />
        <SelectField
          path="map_scope_selection"
          data={['all', 'poi'].map((value) => ({ value, label: t(`fields.map_scope_selection.${value}`) }))}
        />
        {values.map_scope_selection === 'poi' && <Location />}
        <NumberChoiceField
          path="zoom_level"
          data={ZOOM_LEVELS.map((value) => ({ value, label: t(`fields.zoom_level.${value}`) }))}
        />
        <SelectField
          path="map_theme"
          data={MAP_THEMES.map((value) => ({ value, label: t(`fields.map_theme.${value}`) }))}
        />
      </Section>
      <Section title={t('sections.chat')}>
        {form.shown('guest_users_allow_chat') && <SwitchField path="guest_users_allow_chat" />}
        <SwitchField path="chat_message_allow_update" />
        <SwitchField path="chat_message_allow_destroy" />
        <NumberField path="chat_message_update_period_minutes" min={1} max={525_600} required />
        <SwitchField path="show_online_status" />
      </Section>
      <Section title={t('sections.activities')}>
        <SwitchField path="activitystream_subscriptions" />
        <SwitchField path="activity_on_group_join" />
      </Section>
      <Section title={t('sections.files')} columns={2}>
        <NumberField path="max_file_attachments" min={0} max={50} required />
        <NumberField path="max_image_attachments" min={0} max={50} required />
        <NumberField path="default_lock_period_days" min={1} max={365} required />
        <NumberField path="email_attachment_limit_mb" min={1} max={100} required />
      </Section>
      <Section title={t('sections.file_extension_filter')}>
        <SwitchField path="file_extension_filter.enabled" />
        {values.file_extension_filter.enabled && (
          <>
            <SelectField
              path="file_extension_filter.mode"
              data={['allow', 'block'].map((value) => ({
                value,
                label: t(`fields.file_extension_filter.mode.${value}`),
              }))}
            />
            <TagsField path="file_extension_filter.extensions" max={NETWORK_SETTINGS_LIMITS.list} />
          </>
        )}
      </Section>
      <Section title={t('sections.appointments')}>
        <SwitchField path="appointments_retroactive_opting" />
      </Section>
    </Stack>
  );
}

/** The point the members' map centres on: street, number, zip and city are needed. */
function Location() {
  return (
    <Stack gap="sm">
      <TextField path="network_location.street" maxLength={TEXT_LIMITS.line} required />
      <TextField path="network_location.number" maxLength={20} required />
      <TextField path="network_location.zip" maxLength={NETWORK_SETTINGS_LIMITS.zip} required />
      <TextField path="network_location.city" maxLength={TEXT_LIMITS.line} required />
      <TextField path="network_location.state" maxLength={TEXT_LIMITS.line} />
      <TextField path="network_location.country" maxLength={TEXT_LIMITS.line} />
    </Stack>
  );
}

import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { profileFieldLabel, TEXT_LIMITS } from '@agora/contracts';
import { useProfileProperties } from '../../../ui/properties/profile-labels.ts';
import { MultiSelectField, NumberField, SelectField, SwitchField, TextField } from './fields.tsx';
import { useSettingsForm } from './form-context.tsx';
import { Section } from './section.tsx';

/** The directory, locked and former members, two-factor authentication. */
export function MemberTab() {
  const { t, i18n } = useTranslation('admin-settings');
  const form = useSettingsForm();
  const { values, data } = form;
  // The network profile's properties; the fixed fields until they are there. Fields chosen before
  // whose property is gone stay listed, so that they can be taken out.
  const properties = useProfileProperties();
  const offered =
    properties.length > 0
      ? properties.map((p) => ({ value: p.name, label: p.label }))
      : data.options.profile_fields.map((key) => ({ value: key, label: profileFieldLabel(key, i18n.language) }));
  const chosen = [
    ...values.directory_profile_fields,
    ...values.directory_filter_profile_fields,
    ...(values.detection_profile_field ? [values.detection_profile_field] : []),
  ];
  const profileFields = [
    ...offered,
    ...[...new Set(chosen)]
      .filter((key) => !offered.some((field) => field.value === key))
      .map((key) => ({ value: key, label: profileFieldLabel(key, i18n.language) })),
  ];
  const twoFactorChoices = [
    'disabled',
    'enabled',
    ...(data.config.two_factor_enforcement_available ? ['enforced'] : []),
  ];
  const methodsError = form.error('two_factor_totp_available');
  return (
    <Stack gap="md">
      <Section title={t('sections.directory')}>
        <SelectField
          path="directory_default_sort"
          data={['last_name', 'first_name'].map((value) => ({
            value,
            label: t(`fields.directory_default_sort.${value}`),
          }))}
        />
        <MultiSelectField path="directory_profile_fields" data={profileFields} />
        <MultiSelectField path="directory_filter_profile_fields" data={profileFields} />
        {data.config.change_requests_enabled && (
          <MultiSelectField path="change_request_profile_fields" data={profileFields} />
        )}
        <SelectField
          path="detection_profile_field"
          data={[{ value: '', label: t('fields.detection_profile_field.none') }, ...profileFields]}
          parse={(value) => value || null}
          required={false}
        />
      </Section>
      <Section title={t('sections.locked_members')}>
        <SelectField
          path="show_locked_memberships"
          data={[
            { value: 'true', label: t('fields.show_locked_memberships.show') },
            { value: 'false', label: t('fields.show_locked_memberships.hide') },
          ]}
          parse={(value) => value === 'true'}
        />
        <SelectField
          path="anonymize_memberships_config"
          data={['disabled', 'enabled', 'after_days'].map((value) => ({
            value,
            label: t(`fields.anonymize_memberships_config.${value}`),
          }))}
        />
        {values.anonymize_memberships_config === 'after_days' && (
          <NumberField path="anonymize_memberships_after_days" min={1} max={36_500} required />
        )}
        {values.anonymize_memberships_config !== 'disabled' && (
          <TextField path="anonymize_memberships_name" maxLength={TEXT_LIMITS.line} required />
        )}
      </Section>
      <Section title={t('sections.two_factor')}>
        <SelectField
          path="two_factor"
          data={twoFactorChoices.map((value) => ({ value, label: t(`fields.two_factor.${value}`) }))}
        />
        {values.two_factor !== 'disabled' && (
          <Stack gap="xs" role="group" aria-label={t('fields.two_factor_methods.label')}>
            <SwitchField path="two_factor_totp_available" hideError />
            <SwitchField path="two_factor_email_available" />
            {methodsError && (
              <Alert color="red" variant="light" role="alert" p="xs">
                {methodsError}
              </Alert>
            )}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

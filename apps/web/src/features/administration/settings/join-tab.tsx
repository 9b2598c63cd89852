import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NETWORK_SETTINGS_LIMITS, TEXT_LIMITS } from '@agora/contracts';
import { MultiSelectField, SwitchField, TagsField, TextareaField, TextField } from './fields.tsx';
import { useSettingsForm } from './form-context.tsx';
import { Section } from './section.tsx';

/** Who may join and how; the group promotion for newcomers; the texts of the sign-in page. */
export function JoinTab() {
  const { t } = useTranslation('admin-settings');
  const form = useSettingsForm();
  const { values, data } = form;
  const promotion = values.group_promotion_config;
  return (
    <Stack gap="md">
      <Section title={t('sections.joining')}>
        <SwitchField path="join_user_can_initiate" />
        {values.join_user_can_initiate && (
          <>
            <SwitchField path="join_moderated" />
            <SwitchField path="altcha_captcha" />
            {form.shown('join_as_external') && <SwitchField path="join_as_external" />}
          </>
        )}
        <SwitchField path="join_ask_for_profile_data" />
        <SwitchField path="join_section_admins_can_invite_users" />
      </Section>
      <Section title={t('sections.group_promotion')}>
        <SwitchField path="group_promotion_config.active" />
        {promotion.active && (
          <>
            <TextField path="group_promotion_config.title" maxLength={TEXT_LIMITS.line} required />
            <TextareaField path="group_promotion_config.description" maxLength={NETWORK_SETTINGS_LIMITS.description} />
            <MultiSelectField
              path="group_promotion_config.group_category_ids"
              data={data.options.group_categories.map((c) => ({ value: c.id, label: c.name }))}
            />
            <MultiSelectField
              path="group_promotion_config.groups"
              data={data.options.groups.map((g) => ({ value: g.id, label: g.name }))}
            />
            {form.shown('guest_users_allow_chat') && <SwitchField path="group_promotion_config.enabled_for_external" />}
            <TagsField path="group_promotion_config.decorators" max={NETWORK_SETTINGS_LIMITS.list} />
          </>
        )}
      </Section>
      <Section title={t('sections.sign_in_texts')}>
        <TextareaField path="devise_text_before" maxLength={NETWORK_SETTINGS_LIMITS.description} />
        <TextareaField path="devise_text_between" maxLength={NETWORK_SETTINGS_LIMITS.description} />
        <TextareaField path="devise_text_after" maxLength={NETWORK_SETTINGS_LIMITS.description} />
      </Section>
    </Stack>
  );
}

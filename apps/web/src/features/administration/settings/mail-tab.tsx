import { Button, Group, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NETWORK_SETTINGS_LIMITS, TEXT_LIMITS, URL_MAX_LENGTH } from '@agora/contracts';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { useSendTestBirthdayMail } from './api.ts';
import { DigestDays, DIGEST_TIMES } from './digest-days.tsx';
import { NumberField, SelectField, SwitchField, TextareaField, TextField } from './fields.tsx';
import { useSettingsForm } from './form-context.tsx';
import { Section } from './section.tsx';

/** Notification mails, recommendations, digests, the daily activity mail and birthday mails. */
export function MailTab() {
  const { t } = useTranslation('admin-settings');
  const form = useSettingsForm();
  const { values } = form;
  return (
    <Stack gap="md">
      <Section title={t('sections.notifications')}>
        <SwitchField path="notifications_send_direct_message_body" />
        <SwitchField path="email_recommendations.allow_external_recipients" />
        <SwitchField path="email_recommendations.include_replies_default" />
      </Section>
      {form.shown('digests') && (
        <Section title={t('sections.digests')}>
          <DigestDays />
          <NumberField path="digests.max_number_of_upcoming_appointments" min={0} max={30} required />
          <SelectField
            path="digests.upcoming_appointments_position"
            data={['top', 'bottom'].map((value) => ({
              value,
              label: t(`fields.digests.upcoming_appointments_position.${value}`),
            }))}
          />
          <SwitchField path="digests.show_comments" />
        </Section>
      )}
      {form.shown('daily_activity') && (
        <Section title={t('sections.daily_activity')}>
          <SwitchField path="daily_activity.enabled" />
          {values.daily_activity.enabled && (
            <>
              <SwitchField path="daily_activity.include_network_level" />
              <SelectField
                path="daily_activity.mode"
                data={['new', 'new_and_updated'].map((value) => ({
                  value,
                  label: t(`fields.daily_activity.mode.${value}`),
                }))}
              />
              <SelectField
                path="daily_activity.sending_time"
                data={DIGEST_TIMES.map((value) => ({ value, label: t(`times.${value}`) }))}
              />
              <SwitchField path="daily_activity.only_weekdays" />
            </>
          )}
        </Section>
      )}
      {form.shown('birthday_emails') && <BirthdayMail />}
    </Stack>
  );
}

function BirthdayMail() {
  const { t } = useTranslation('admin-settings');
  const form = useSettingsForm();
  const send = useSendTestBirthdayMail();
  const mail = form.values.birthday_emails;
  const sendTest = () =>
    send.mutate(
      { image: mail.image, subject: mail.subject, text: mail.text },
      {
        // The spec's confirmation is German, as the server words it.
        onSuccess: (answer) => showToast(answer.message, { kind: 'success' }),
        onError: (error) => showFormErrors(error, { ns: 'admin-settings' }),
      },
    );
  return (
    <Section title={t('sections.birthday_emails')}>
      <SwitchField path="birthday_emails.enabled" />
      <TextField path="birthday_emails.image" maxLength={URL_MAX_LENGTH} placeholder="/assets/…" />
      <TextField path="birthday_emails.subject" maxLength={TEXT_LIMITS.line} />
      <TextareaField path="birthday_emails.text" maxLength={NETWORK_SETTINGS_LIMITS.mailText} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={send.isPending}
          onClick={sendTest}
        >
          {t('birthday.send_test')}
        </Button>
      </Group>
    </Section>
  );
}

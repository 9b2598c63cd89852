import { Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LOCALES, type Locale } from '@agora/contracts';
import { changeLocale } from '../../../i18n/index.ts';
import { FormCard, SubmitForm, SettingsPage } from '../../../ui/form-card.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { localeSettingsQuery, useUpdateLocaleSettings } from '../api.ts';

const NETWORK_LANGUAGE = 'network';

/** The member's language: one of the five, or whatever the network speaks. */
export function LocaleSettingsPage() {
  const { t } = useTranslation('members');
  const { membershipId = '' } = useParams();
  const settings = useQuery(localeSettingsQuery(membershipId));
  const update = useUpdateLocaleSettings(membershipId);
  // What the member picked; until then, what is stored.
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? settings.data?.locale ?? NETWORK_LANGUAGE;

  const save = () => {
    const locale = choice === NETWORK_LANGUAGE ? null : (choice as Locale);
    update.mutate(locale, {
      onSuccess: (saved) => {
        changeLocale(saved.locale ?? saved.network_language, false);
        showToast('saving_successful');
      },
      onError: () => showToast('saving_failure'),
    });
  };

  return (
    <SettingsPage title={t('locale_settings.title')} query={settings}>
      {(data) => (
        <FormCard>
          <SubmitForm onSubmit={save} submitLabel={t('common:save')} loading={update.isPending} gap="md">
            <Radio.Group
              value={choice}
              onChange={setPicked}
              label={t('locale_settings.language')}
              description={t('locale_settings.description')}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value={NETWORK_LANGUAGE}
                  label={t('locale_settings.network_language', {
                    language: t(`common:languages.${data.network_language}`),
                  })}
                />
                {LOCALES.map((locale) => (
                  <Radio key={locale} value={locale} label={t(`common:languages.${locale}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="sm" c="dimmed">
              {t('locale_settings.date_hint')}
            </Text>
          </SubmitForm>
        </FormCard>
      )}
    </SettingsPage>
  );
}

import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LOCALES, type Locale } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { changeLocale } from '../../../i18n/index.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { localeSettingsQuery, useUpdateLocaleSettings } from '../api.ts';
import { usePageTitle } from '../../../app/shell/page-title.ts';

const NETWORK_LANGUAGE = 'network';

/** The member's language: one of the five, or whatever the network speaks. */
export function LocaleSettingsPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('locale_settings.title'));
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
    <PageContainer size="sm">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('locale_settings.title')}
        </Title>
        {settings.isPending && <LoadingRow />}
        {settings.isError && <ErrorRow error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && (
          <Paper withBorder radius="md" p="lg">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save();
              }}
            >
              <Stack gap="md">
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
                        language: t(`common:languages.${settings.data.network_language}`),
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
                <Group justify="flex-end">
                  <Button type="submit" loading={update.isPending}>
                    {t('common:save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </PageContainer>
  );
}

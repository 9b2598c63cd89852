import { Alert, Button, Fieldset, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUSH_CATEGORIES, PUSH_NOTIFICATION_CATEGORIES } from '@agora/contracts';
import { showToast } from '../../../ui/toast.tsx';
import { devicePushSettingsQuery, useSaveDevicePushSettings } from '../api.ts';

/**
 * The push tab of the member's settings, shown in the mobile app's web view for the app's own
 * device: each category's notifications with a switch each, saved as soon as one is flipped.
 * Without settings (the device is unknown, or they could not be loaded) it offers to try again.
 */
export function DevicePushSettings({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('devices');
  const query = useQuery(devicePushSettingsQuery(deviceId));
  const save = useSaveDevicePushSettings(deviceId);

  if (query.isPending) {
    return (
      <Stack align="center" py="md">
        <Loader size="sm" aria-label={t('push.loading')} />
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Alert color="yellow" title={t('push.no_settings_title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('push.no_settings')}</Text>
          <Button size="xs" variant="light" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('push.try_again')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { settings } = query.data;
  const flip = (category: string, flag: string, value: boolean) =>
    save.mutate(
      { settings: { [category]: { [flag]: value } } },
      {
        onSuccess: () => showToast('saving_successful'),
        onError: () => showToast('saving_failure'),
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('push.intro')}
      </Text>
      {PUSH_CATEGORIES.map((category) => (
        <Fieldset key={category} legend={t(`push.categories.${category}`)}>
          <Stack gap="xs">
            {PUSH_NOTIFICATION_CATEGORIES[category].map((flag) => (
              <Switch
                key={flag}
                label={t(`push.flags.${flag}`)}
                checked={settings[category]?.[flag] ?? true}
                disabled={save.isPending}
                onChange={(event) => flip(category, flag, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

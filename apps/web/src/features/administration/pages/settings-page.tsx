import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { SettingsForm, settingsQuery } from '../settings/index.ts';

/** `/administration/settings/edit`: the network settings with the tabs Basic, Join, Member and Mail. */
export function SettingsPage() {
  const { t } = useTranslation('admin-settings');
  usePageTitle(t('title'));
  const settings = useQuery(settingsQuery);
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {t('title')}
            </Title>
          }
          backTo="/administration"
        />
        {settings.isPending && <LoadingRow />}
        {settings.isError && <ErrorRow error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && <SettingsForm data={settings.data} />}
      </Stack>
    </PageContainer>
  );
}

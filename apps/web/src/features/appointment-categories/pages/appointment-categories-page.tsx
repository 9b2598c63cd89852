import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { categoriesQuery } from '../api.ts';
import { CategoriesEditor } from '../components/categories-editor.tsx';

/** `/administration/appointment_categories`: the categories the appointment form offers. */
export function AppointmentCategoriesPage() {
  const { t } = useTranslation('appointment-categories');
  usePageTitle(t('title'));
  const categories = useQuery(categoriesQuery);
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
        <Text c="dimmed">{t('intro')}</Text>
        {categories.isPending && <LoadingRow />}
        {categories.isError && <ErrorRow error={categories.error} onRetry={() => void categories.refetch()} />}
        {categories.data && <CategoriesEditor categories={categories.data} />}
      </Stack>
    </PageContainer>
  );
}

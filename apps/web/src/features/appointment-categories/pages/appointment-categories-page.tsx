import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsPage } from '../../../ui/form-card.tsx';
import { categoriesQuery } from '../api.ts';
import { CategoriesEditor } from '../components/categories-editor.tsx';

/** `/administration/appointment_categories`: the categories the appointment form offers. */
export function AppointmentCategoriesPage() {
  const { t } = useTranslation('appointment-categories');
  const categories = useQuery(categoriesQuery);
  return (
    <SettingsPage title={t('title')} intro={t('intro')} backTo="/administration" size="md" query={categories}>
      {(data) => <CategoriesEditor categories={data} />}
    </SettingsPage>
  );
}

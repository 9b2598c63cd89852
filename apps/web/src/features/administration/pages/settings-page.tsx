import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsPage as SettingsFrame } from '../../../ui/form-card.tsx';
import { SettingsForm, settingsQuery } from '../settings/index.ts';

/** `/administration/settings/edit`: the network settings with the tabs Basic, Join, Member and Mail. */
export function SettingsPage() {
  const { t } = useTranslation('admin-settings');
  const settings = useQuery(settingsQuery);
  return (
    <SettingsFrame title={t('title')} backTo="/administration" size="md" query={settings}>
      {(data) => <SettingsForm data={data} />}
    </SettingsFrame>
  );
}

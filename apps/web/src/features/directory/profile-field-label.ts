import { useTranslation } from 'react-i18next';
import { profileFieldLabel } from '@agora/contracts';

/** The label of a profile field in the page's language (the contracts keep the one table). */
export function useProfileFieldLabel(): (field: string) => string {
  const { i18n } = useTranslation();
  return (field) => profileFieldLabel(field, i18n.language);
}

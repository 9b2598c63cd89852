import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@agora/contracts';
import { changeLocale, isLocale } from '../i18n/index.ts';

/**
 * Lets a visitor choose the language before signing in; the choice is kept on this device. The
 * description says what the choice means where it matters (on the sign-in page: for the account).
 */
export function LanguageSelect({ description }: { description?: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <NativeSelect
      size="xs"
      label={t('language')}
      description={description}
      value={i18n.language}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
      onChange={(event) => {
        if (isLocale(event.currentTarget.value)) changeLocale(event.currentTarget.value);
      }}
      w={description ? '100%' : 180}
    />
  );
}

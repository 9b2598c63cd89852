import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRIMARY_TRANSLATION_LANGUAGES,
  TRANSLATION_ERROR_KEY,
  type Translation,
  type TranslationLanguage,
  type TranslationLanguages,
} from '@agora/contracts';
import { api } from '../app/api-client.ts';
import { intlLocale } from './intl-locale.ts';
import { showToast } from './toast.tsx';

/** Where the language last translated into is remembered on this device. */
export const LAST_TRANSLATION_LANGUAGE_KEY = 'agora.translation_language';

/** The languages rarely change: asked once a session at most. */
export const translationLanguagesQuery = queryOptions({
  queryKey: ['translations', 'languages'],
  queryFn: () => api<TranslationLanguages>('/translations/languages'),
  staleTime: 60 * 60 * 1000,
});

const translationQuery = (language: string, type: string, id: string) =>
  queryOptions({
    queryKey: ['translations', language, type, id],
    queryFn: () =>
      api<Translation>(
        `/translations/${encodeURIComponent(language)}/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
      ),
    staleTime: 10 * 60 * 1000,
  });

function lastUsedLanguage(): string | null {
  try {
    return localStorage.getItem(LAST_TRANSLATION_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

function rememberLanguage(code: string) {
  try {
    localStorage.setItem(LAST_TRANSLATION_LANGUAGE_KEY, code);
  } catch {
    // A browser that keeps nothing offers the primary languages first next time.
  }
}

/**
 * The menu's order (spec: primary translation languages): the language last used, then German,
 * British English, Spanish and French, then the others by name. A primary language the service
 * offers only without its region (`en` for `en-GB`) stands in its place.
 */
export function orderTranslationLanguages(
  languages: readonly TranslationLanguage[],
  lastUsed: string | null,
  nameOf: (language: TranslationLanguage) => string = (language) => language.name,
): TranslationLanguage[] {
  const first: TranslationLanguage[] = [];
  const take = (language: TranslationLanguage | undefined) => {
    if (language && !first.includes(language)) first.push(language);
  };
  take(languages.find((l) => l.code === lastUsed));
  for (const primary of PRIMARY_TRANSLATION_LANGUAGES) {
    const base = primary.split('-')[0]!.toLowerCase();
    take(
      languages.find((l) => l.code.toLowerCase() === primary.toLowerCase()) ??
        languages.find((l) => l.code.toLowerCase() === base),
    );
  }
  const rest = languages.filter((l) => !first.includes(l)).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  return [...first, ...rest];
}

function languageNames(locale: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([intlLocale(locale)], { type: 'language' });
  } catch {
    names = null;
  }
  return (language: TranslationLanguage) => {
    try {
      return names?.of(language.code) ?? language.name;
    } catch {
      return language.name;
    }
  };
}

/**
 * "Translate" for an object of a translatable type (`message` ...): a menu of the languages the
 * server's translation service offers, nothing at all without one. Choosing a language hands the
 * translation to `onChange`, "Show original" hands over null.
 */
export function TranslateMenu({
  type,
  id,
  onChange,
}: {
  type: string;
  id: string;
  onChange(translation: Translation | null): void;
}) {
  const { t, i18n } = useTranslation('ui');
  const queryClient = useQueryClient();
  const languages = useQuery(translationLanguagesQuery);
  const [current, setCurrent] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const offered = languages.data?.languages ?? [];
  if (offered.length === 0) return null;
  const nameOf = languageNames(i18n.language);
  const ordered = orderTranslationLanguages(offered, lastUsedLanguage(), nameOf);

  const translate = async (language: TranslationLanguage) => {
    rememberLanguage(language.code);
    setLoading(true);
    try {
      const translation = await queryClient.fetchQuery(translationQuery(language.code, type, id));
      setCurrent(language.code);
      onChange(translation);
    } catch {
      showToast(`ui:translate_menu.${TRANSLATION_ERROR_KEY}`, { kind: 'error' });
    } finally {
      setLoading(false);
    }
  };

  const showOriginal = () => {
    setCurrent(null);
    onChange(null);
  };

  return (
    // Without the focus placeholder: a menu may only hold menu items (axe aria-required-children).
    <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          loading={loading}
        >
          {t('translate_menu.translate')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="24rem" style={{ overflowY: 'auto' }}>
        {current && (
          <>
            <Menu.Item onClick={showOriginal}>{t('translate_menu.show_original')}</Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Label>{t('translate_menu.into')}</Menu.Label>
        {ordered.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => void translate(language)}
            rightSection={language.code === current ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={language.code === current ? 'true' : undefined}
          >
            {nameOf(language)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

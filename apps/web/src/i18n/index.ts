import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@agora/contracts';

/** Every locale's namespaces, bundled: the whole UI text is a few kilobytes per language. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(files)) {
  const [, locale, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[locale!] ??= {})[namespace!] = module.default;
}

const STORAGE_KEY = 'agora.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Before sign-in: the language chosen on this device, else the browser's, else German. */
export function initialLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  for (const language of navigator.languages ?? []) {
    const base = language.split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'de';
}

export function changeLocale(locale: Locale, remember = true) {
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

// The html lang attribute follows the UI language (screen readers pronounce by it).
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng.replace('_DU', '');
});

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: { de_DU: ['de'], default: ['en'] },
  ns: Object.keys(resources['en'] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };

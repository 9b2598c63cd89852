import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@agora/contracts';

type Bundle = Record<string, unknown>;

/**
 * The namespaces of the shell and of the shared components (ui/): every page needs them, so the
 * app renders once they are there (`i18nReady`). Each feature's namespaces load with its routes
 * (FeatureModule.namespaces).
 */
export const CORE_NAMESPACES = ['common', 'shell', 'ui', 'upload'];

/**
 * Every namespace of every locale, one chunk each, fetched when first needed: only the language
 * in use and its fallbacks are ever downloaded, never the other locales.
 */
const lazyFiles = import.meta.glob<Bundle>('./locales/*/*.json', { import: 'default' });

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = lazyFiles[`./locales/${language}/${namespace}.json`];
    // A locale without the file has nothing to add: its fallback language speaks for it.
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle as ResourceKey),
      (error: Error) => callback(error, null),
    );
  },
};

/** The namespaces of `namespace:key` translation keys (the labels of the shell's entries). */
export function namespacesOf(keys: ReadonlyArray<string | undefined>): string[] {
  const namespaces = keys.flatMap((key) => (key?.includes(':') ? [key.slice(0, key.indexOf(':'))] : []));
  return [...new Set(namespaces)];
}

/** Loads translation namespaces for the current language (and its fallbacks). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !CORE_NAMESPACES.includes(namespace));
  return missing.length === 0 ? Promise.resolve() : i18n.loadNamespaces(missing);
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

/** The language a visitor picked on this device (the sign-in page's select), or null: not the browser's. */
export function chosenLocale(): Locale | null {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLocale(stored) ? stored : null;
}

/** Resolves once the namespaces loaded so far speak the new language. */
export function changeLocale(locale: Locale, remember = true): Promise<void> {
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
  if (i18n.language === locale) return Promise.resolve();
  return i18n.changeLanguage(locale).then(
    () => undefined,
    // A namespace that failed to load falls back to its keys' fallback language; never block on it.
    () => undefined,
  );
}

/**
 * A session speaks the member's language (their own, else the network's) on every page, however
 * it was loaded. It is not kept on the device: after signing out, the device's choice applies again.
 */
export function speakSessionLocale(locale: unknown): Promise<void> {
  return isLocale(locale) ? changeLocale(locale, false) : Promise.resolve();
}

// The html lang attribute follows the UI language (screen readers pronounce by it).
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng.replace('_DU', '');
});

/** Resolves once the core namespaces speak the initial language (and its fallbacks). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    // Bundles added before the backend reads count (the component tests add every one).
    partialBundledLanguages: true,
    lng: initialLocale(),
    fallbackLng: { de_DU: ['de'], default: ['en'] },
    ns: CORE_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  // A namespace that failed to load shows its fallback language; the app renders all the same.
  .catch(() => undefined);

export { i18n };

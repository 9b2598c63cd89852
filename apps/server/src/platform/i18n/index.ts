import i18next, { type TFunction } from 'i18next';
import { LOCALES, type Locale } from '@agora/contracts';
import { NAMESPACES, resources } from './resources.ts';

export { NAMESPACES, resources, type Bundle, type Namespace } from './resources.ts';

/**
 * What the server says to members (mails, notifications, exports), in their language. One
 * instance for the process: `lng` is given with every call, never switched, so that concurrent
 * requests in different languages do not disturb each other.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources,
  ns: [...NAMESPACES],
  defaultNS: false,
  // A message missing in informal German is taken from German, any other from English (the
  // locales test keeps every key set complete, so this is a safety net).
  fallbackLng: { de_DU: ['de'], default: ['en'] },
  supportedLngs: [...LOCALES],
  // Mails escape when they render HTML; notifications and exports are plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
  // The resources are here already: init is done when it returns.
  initAsync: false,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language to address someone in: their own choice, else the network's; German when
 * neither is one of ours.
 */
export function localeFor(locale: string | null | undefined, fallback: string | null | undefined): Locale {
  const wanted = locale ?? fallback;
  return isLocale(wanted) ? wanted : 'de';
}

/** `t` in one language; keys are `namespace:key`. */
export function translator(locale: string): TFunction {
  return i18n.getFixedT(locale);
}

/** Whether the language (or its fallback) has a message for the key. */
export function hasMessage(locale: string, key: string): boolean {
  return i18n.exists(key, { lng: locale });
}

/** The languages a network and a member can choose (administration spec, section 9). */
export const LOCALES = ['de', 'de_DU', 'en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

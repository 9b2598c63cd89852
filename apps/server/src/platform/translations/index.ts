export { createLibreTranslateProvider, TRANSLATION_TIMEOUT_MS, type LibreTranslateOptions } from './libre-translate.ts';
export type { TranslationFormat, TranslationProvider } from './provider.ts';
export { createTranslationStore, type TranslationKey, type TranslationStore } from './repository.ts';
export { translationRoutes } from './routes.ts';
export {
  createTranslations,
  TRANSLATION_UNAVAILABLE,
  UNKNOWN_LANGUAGE,
  type Translations,
  type TranslationsDeps,
} from './service.ts';

import type { TranslationLanguage } from '@agora/contracts';

/** How the texts of one request are to be read: rich text keeps its markup, plain text is plain. */
export type TranslationFormat = 'html' | 'text';

/**
 * A machine translation service. Pluggable, so that another service (or a test's) can stand in;
 * a provider that cannot answer throws.
 */
export type TranslationProvider = {
  /** The languages it translates into. */
  languages(): Promise<TranslationLanguage[]>;
  /** The texts translated into `to`, in the same order; the source language is detected. */
  translate(texts: string[], from: 'auto', to: string, format: TranslationFormat): Promise<string[]>;
};

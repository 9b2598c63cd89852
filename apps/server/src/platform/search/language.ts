/** The text search configurations the index uses: stemming for the networks' languages, else words as written. */
export type SearchConfig = 'german' | 'english' | 'spanish' | 'french' | 'simple';

const CONFIGS: Record<string, SearchConfig> = {
  de: 'german',
  de_DU: 'german',
  en: 'english',
  es: 'spanish',
  fr: 'french',
};

/** The configuration a network's texts are stemmed with; languages without a stemmer are taken as written. */
export function searchConfigFor(language: string | null | undefined): SearchConfig {
  return (language && CONFIGS[language]) || 'simple';
}

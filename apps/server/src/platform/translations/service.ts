import { createHash } from 'node:crypto';
import type { Translation, TranslationLanguage } from '@agora/contracts';
import { HttpError, notFound, unprocessable } from '../errors.ts';
import { sanitizeHtml } from '../html/sanitize.ts';
import { retryAfterSeconds, type Limits } from '../limits/index.ts';
import type { PlatformLog, TranslatableSource } from '../loader/index.ts';
import type { Actor } from '../policy/actor.ts';
import type { TranslationFormat, TranslationProvider } from './provider.ts';
import type { TranslationStore } from './repository.ts';

/** 503 `{error}` of a translation call while the translation service fails or cannot be reached. */
export const TRANSLATION_UNAVAILABLE = 'translation_unavailable';
/** 422 `{errors: {lang: [key]}}` for a language the translation service does not offer. */
export const UNKNOWN_LANGUAGE = 'unknown_language';

/** How long this process trusts the service's list of languages before asking again. */
const LANGUAGES_TTL_MS = 60 * 60 * 1000;

/** A translation over the member's budget: answered 429 with the seconds to wait. */
export class TranslationRateLimited extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, { error: 'rate_limited' });
  }
}

const unavailable = () => new HttpError(503, { error: TRANSLATION_UNAVAILABLE });

// Rich text comes as the editor's HTML; plain fields (a subject, where `<you>` is text) are read
// as text. A field is rich text when it holds the editor's markup.
const EDITOR_MARKUP = /<\/?(?:p|br|h[1-5]|strong|b|em|i|u|s|a|ul|ol|li|blockquote|pre|code|span|hr)(?:\s[^>]*)?\/?>/i;

/**
 * What comes back is markup we did not write: rich text passes the same filter as the editor's.
 * So does a text that gained markup its source lacked, since a field without markup may still be
 * shown as HTML (stored HTML of plain words); a plain field's own `<` (a subject) stays as it is.
 */
export function safeTranslation(format: TranslationFormat, source: string, translated: string): string {
  if (format === 'html' || (!source.includes('<') && translated.includes('<'))) return sanitizeHtml(translated);
  return translated;
}

function sourceHash(fields: Record<string, string>): string {
  const entries = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

export type TranslationsDeps = {
  /** Null without a translation service: no language is offered, so none can be asked for. */
  provider: TranslationProvider | null;
  /** The translatable types of every module; looked up on each call. */
  sources: Readonly<Record<string, TranslatableSource>>;
  store: TranslationStore;
  limits: Limits;
  log: PlatformLog;
};

export type Translations = ReturnType<typeof createTranslations>;

/**
 * Translates the objects of the modules' translatable types for the members who can read them.
 * Each translation is kept with the hash of its source, so the service is asked once per object,
 * language and version of the text, and each such request draws from the member's write budget.
 */
export function createTranslations(deps: TranslationsDeps) {
  let languages: { list: TranslationLanguage[]; until: number } | null = null;
  let loading: Promise<TranslationLanguage[]> | null = null;

  async function loadLanguages(): Promise<TranslationLanguage[]> {
    if (!deps.provider) return [];
    if (languages && languages.until > Date.now()) return languages.list;
    // Concurrent first calls share one request to the service.
    loading ??= deps.provider
      .languages()
      .then((list) => {
        languages = { list, until: Date.now() + LANGUAGES_TTL_MS };
        return list;
      })
      .finally(() => {
        loading = null;
      });
    try {
      return await loading;
    } catch (err) {
      deps.log.warn({ err }, 'translations: the languages could not be loaded');
      throw unavailable();
    }
  }

  async function translateFields(fields: Record<string, string>, language: string) {
    const provider = deps.provider!; // a language was offered, so there is a provider
    const groups: Record<TranslationFormat, string[]> = { html: [], text: [] };
    for (const [name, value] of Object.entries(fields)) {
      if (value.trim()) groups[EDITOR_MARKUP.test(value) ? 'html' : 'text'].push(name);
    }
    const translated: Record<string, string> = { ...fields };
    for (const format of ['html', 'text'] as const) {
      const names = groups[format];
      if (names.length === 0) continue;
      const texts = await provider.translate(
        names.map((name) => fields[name]!),
        'auto',
        language,
        format,
      );
      names.forEach((name, i) => (translated[name] = safeTranslation(format, fields[name]!, texts[i]!)));
    }
    return translated;
  }

  return {
    /** What the service translates into; empty without a service (the web app then hides the control). */
    languages: loadLanguages,

    /**
     * The object's fields translated into `language`: 404 for a type no module translates or an
     * object the member cannot read, 422 for a language not offered (every one without a
     * service), 503 while the service fails, 429 over the member's budget.
     */
    async translate(actor: Actor, language: string, type: string, id: string): Promise<Translation> {
      const source = Object.hasOwn(deps.sources, type) ? deps.sources[type] : undefined;
      if (!source) throw notFound();
      const fields = await source(actor, id);
      if (!fields) throw notFound();
      // Without a service no language is offered, so every one is unknown (never a 5xx).
      const offered = await loadLanguages();
      if (!offered.some((l) => l.code === language)) throw unprocessable({ lang: [UNKNOWN_LANGUAGE] });

      const key = { networkId: actor.networkId, type, objectId: id, language };
      const hash = sourceHash(fields);
      const stored = await deps.store.find(key, hash);
      if (stored) return { language, type, id, fields: stored };

      const budget = await deps.limits.take('writes', { networkId: actor.networkId, membershipId: actor.membershipId });
      if (!budget.ok) throw new TranslationRateLimited(retryAfterSeconds(budget));
      let translated: Record<string, string>;
      try {
        translated = await translateFields(fields, language);
      } catch (err) {
        deps.log.warn({ err, type, language }, 'translations: the translation service failed');
        throw unavailable();
      }
      await deps.store.save(key, hash, translated);
      return { language, type, id, fields: translated };
    },
  };
}

import type { TranslationLanguage } from '@agora/contracts';
import type { TranslationFormat, TranslationProvider } from './provider.ts';

export type LibreTranslateOptions = {
  /** The service's base address, such as https://libretranslate.example.org. */
  url: string;
  /** Sent as `api_key` with every translation; instances open to all need none. */
  apiKey?: string | undefined;
  /** A request that takes longer counts as failed, so a member never waits on a stuck service. */
  timeoutMs?: number;
};

/** The wait for a translation before the member is told that the service is unavailable. */
export const TRANSLATION_TIMEOUT_MS = 15_000;

async function answer(response: Response, what: string): Promise<unknown> {
  if (!response.ok) {
    // LibreTranslate explains a refusal in `error` (a wrong key, a text too long, a language it lacks).
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const reason = typeof body?.error === 'string' ? `: ${body.error}` : '';
    throw new Error(`the translation service answered ${response.status} to ${what}${reason}`);
  }
  return response.json();
}

/**
 * A LibreTranslate service (`GET /languages`, `POST /translate` with a list of texts), the
 * open-source translation server that can run beside the platform or be rented.
 */
export function createLibreTranslateProvider(options: LibreTranslateOptions): TranslationProvider {
  const base = options.url.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? TRANSLATION_TIMEOUT_MS;
  return {
    async languages() {
      const response = await fetch(`${base}/languages`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await answer(response, 'the languages');
      if (!Array.isArray(body)) throw new Error('the translation service answered no list of languages');
      const languages: TranslationLanguage[] = [];
      for (const entry of body as Array<{ code?: unknown; name?: unknown }>) {
        if (typeof entry?.code !== 'string' || !entry.code) continue;
        languages.push({ code: entry.code, name: typeof entry.name === 'string' ? entry.name : entry.code });
      }
      return languages;
    },

    async translate(texts: string[], from: 'auto', to: string, format: TranslationFormat) {
      if (texts.length === 0) return [];
      const response = await fetch(`${base}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: texts,
          source: from,
          target: to,
          format,
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await answer(response, 'a translation')) as { translatedText?: unknown } | null;
      const translated = body?.translatedText;
      if (
        !Array.isArray(translated) ||
        translated.length !== texts.length ||
        translated.some((t) => typeof t !== 'string')
      ) {
        throw new Error('the translation service answered no list of texts as long as the one asked');
      }
      return translated as string[];
    },
  };
}

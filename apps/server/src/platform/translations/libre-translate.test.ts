import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLibreTranslate } from '../../testing/libre-translate.ts';
import { createLibreTranslateProvider } from './libre-translate.ts';

let service: Awaited<ReturnType<typeof startLibreTranslate>>;

beforeAll(async () => {
  service = await startLibreTranslate({ apiKey: 'secret-key' });
});
afterAll(() => service.close());
beforeEach(() => {
  service.requests.length = 0;
  service.setMode('answer');
});

describe('the LibreTranslate provider', () => {
  const provider = (apiKey: string | undefined = 'secret-key') =>
    createLibreTranslateProvider({ url: `${service.url}/`, apiKey, timeoutMs: 300 });

  it('lists the languages by code and name', async () => {
    const languages = await provider().languages();
    expect(languages).toContainEqual({ code: 'de', name: 'German' });
    expect(languages.map((l) => l.code)).toEqual(['de', 'en', 'es', 'fr', 'it']);
    expect(service.requests).toEqual([{ path: '/languages', body: null }]);
  });

  it('translates a list of texts in one request, keeping the markup of HTML', async () => {
    const texts = ['<p>Hello <strong>world</strong></p>', '<ul><li>one</li></ul>'];
    expect(await provider().translate(texts, 'auto', 'de', 'html')).toEqual([
      '<p>[de] Hello <strong>[de] world</strong></p>',
      '<ul><li>[de] one</li></ul>',
    ]);
    expect(service.translations()).toEqual([
      { path: '/translate', body: { q: texts, source: 'auto', target: 'de', format: 'html', api_key: 'secret-key' } },
    ]);
    expect(await provider().translate(['a < b'], 'auto', 'fr', 'text')).toEqual(['[fr] a < b']);
    // Nothing to translate asks nothing.
    expect(await provider().translate([], 'auto', 'fr', 'text')).toEqual([]);
    expect(service.translations()).toHaveLength(2);
  });

  it("fails with the service's reason on a refusal, an error, an answer of the wrong shape and a request that takes too long", async () => {
    await expect(provider('wrong').translate(['x'], 'auto', 'de', 'text')).rejects.toThrow(
      '403 to a translation: Invalid API key',
    );
    await expect(provider().translate(['x'], 'auto', 'xx', 'text')).rejects.toThrow('xx is not supported');
    service.setMode('fail');
    await expect(provider().languages()).rejects.toThrow('500');
    await expect(provider().translate(['x'], 'auto', 'de', 'text')).rejects.toThrow('the stand-in is down');
    service.setMode('hang');
    const started = Date.now();
    await expect(provider().translate(['x'], 'auto', 'de', 'text')).rejects.toThrow();
    await expect(provider().languages()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an answer that is not one text per text asked', async () => {
    service.setMode('malformed');
    await expect(provider().translate(['x', 'y'], 'auto', 'de', 'text')).rejects.toThrow('no list of texts');
    await expect(provider().languages()).rejects.toThrow('no list of languages');
  });
});

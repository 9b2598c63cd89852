import { describe, expect, it } from 'vitest';
import type { Limits } from '../limits/index.ts';
import type { Actor } from '../policy/actor.ts';
import type { TranslationProvider } from './provider.ts';
import type { TranslationStore } from './repository.ts';
import { createTranslations, safeTranslation } from './service.ts';

const actor = { networkId: 'n', membershipId: 'm' } as Actor;
const limits = { take: async () => ({ ok: true }) } as unknown as Limits;
const log = { warn: () => {}, error: () => {} };

function memoryStore(): TranslationStore & { saved: number } {
  const rows = new Map<string, { hash: string; fields: Record<string, string> }>();
  const keyOf = (k: { networkId: string; type: string; objectId: string; language: string }) =>
    [k.networkId, k.type, k.objectId, k.language].join('/');
  const store = {
    saved: 0,
    async find(key: Parameters<TranslationStore['find']>[0], hash: string) {
      const row = rows.get(keyOf(key));
      return row && row.hash === hash ? row.fields : null;
    },
    async save(key: Parameters<TranslationStore['save']>[0], hash: string, fields: Record<string, string>) {
      store.saved++;
      rows.set(keyOf(key), { hash, fields });
    },
  };
  return store;
}

describe('safeTranslation', () => {
  it('filters rich text, and plain text that gained markup, but leaves a plain field its own <', () => {
    expect(safeTranslation('html', '<p>x</p>', '<p onclick="x()">y</p><script>z</script>')).toBe('<p>y</p>');
    expect(safeTranslation('text', 'Hallo &amp; so', '<img src=x onerror=alert(1)>Hello')).toBe('Hello');
    expect(safeTranslation('text', 'Hallo <du>', 'Hello <you>')).toBe('Hello <you>');
    expect(safeTranslation('text', 'a & b', 'a & b')).toBe('a & b');
  });
});

describe('createTranslations', () => {
  it('sends each format once, leaves empty fields out, and keeps what it made', async () => {
    const asked: Array<{ texts: string[]; format: string }> = [];
    const provider: TranslationProvider = {
      languages: async () => [{ code: 'en', name: 'English' }],
      translate: async (texts, _from, to, format) => {
        asked.push({ texts, format });
        return texts.map((text) => `${to}:${text}`);
      },
    };
    const store = memoryStore();
    const fields = { subject: 'Hallo', content: '<p>Welt</p>', note: ' ' };
    const translations = createTranslations({ provider, sources: { x: async () => fields }, store, limits, log });
    const first = await translations.translate(actor, 'en', 'x', '1');
    expect(first.fields).toEqual({ subject: 'en:Hallo', content: 'en:<p>Welt</p>', note: ' ' });
    expect(asked).toEqual([
      { texts: ['<p>Welt</p>'], format: 'html' },
      { texts: ['Hallo'], format: 'text' },
    ]);
    expect(await translations.translate(actor, 'en', 'x', '1')).toEqual(first);
    expect(asked).toHaveLength(2);
    expect(store.saved).toBe(1);
  });
});

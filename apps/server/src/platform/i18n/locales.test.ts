import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@agora/contracts';
import { NAMESPACES, resources, translator, type Bundle } from './index.ts';

function keys(value: string | Bundle, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function valueAt(bundle: Bundle, key: string): unknown {
  return key.split('.').reduce<unknown>((o, p) => (o as Bundle)[p], bundle);
}

/** The `{{name}}` placeholders of a message, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('server translations', () => {
  const reference = resources.en;

  it('has every locale, each with every namespace file', () => {
    expect(Object.keys(resources).sort()).toEqual([...LOCALES].sort());
    const directory = new URL('./locales/', import.meta.url);
    expect(readdirSync(directory).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const files = readdirSync(new URL(`${locale}/`, directory)).sort();
      expect(files, locale).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const locale of LOCALES) {
    it(`${locale} has exactly the keys of en, none empty, with the same placeholders`, () => {
      const bundles = resources[locale];
      expect(Object.keys(bundles).sort()).toEqual(Object.keys(reference).sort());
      for (const namespace of NAMESPACES) {
        const expected = keys(reference[namespace]).sort();
        expect(keys(bundles[namespace]).sort(), `${locale}/${namespace}`).toEqual(expected);
        for (const key of expected) {
          const message = valueAt(bundles[namespace], key);
          expect(typeof message === 'string' && message.trim() !== '', `${locale}/${namespace}:${key}`).toBe(true);
          expect(placeholders(message as string), `${locale}/${namespace}:${key}`).toEqual(
            placeholders(valueAt(reference[namespace], key) as string),
          );
        }
      }
    });
  }

  it('addresses members informally in de_DU and formally in de', () => {
    expect(translator('de')('notifications:types.appointment_invite', { actor: 'A', subject: 'B' })).toBe(
      'A hat Sie zum Termin B eingeladen.',
    );
    expect(translator('de_DU')('notifications:types.appointment_invite', { actor: 'A', subject: 'B' })).toBe(
      'A hat dich zum Termin B eingeladen.',
    );
  });

  it('speaks English for a language it does not know', () => {
    expect(translator('xx')('accounts:password_reset.subject')).toBe('Reset your password');
  });
});

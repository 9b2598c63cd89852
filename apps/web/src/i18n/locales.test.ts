import { describe, expect, it } from 'vitest';
import { LOCALES } from '@agora/contracts';
import { resources } from './all-resources.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  const reference = resources.en!;

  it('has every locale', () => {
    expect(Object.keys(resources).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    it(`${locale} has exactly the keys of en, none empty`, () => {
      const bundle = resources[locale]!;
      expect(Object.keys(bundle).sort()).toEqual(Object.keys(reference).sort());
      for (const namespace of Object.keys(reference)) {
        expect(keys(bundle[namespace]).sort(), `${locale}/${namespace}`).toEqual(keys(reference[namespace]).sort());
        const empty = keys(bundle[namespace]).filter((k) => {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], bundle[namespace]);
          return typeof v !== 'string' || v.trim() === '';
        });
        expect(empty, `${locale}/${namespace} empty values`).toEqual([]);
      }
    });
  }

  it('translates every error key the server answers with', async () => {
    const { ERROR_KEYS } = await import('@agora/contracts');
    const errors = (reference.common as { errors: Record<string, string> }).errors;
    for (const key of Object.values(ERROR_KEYS)) expect(errors[key], key).toBeTruthy();
  });
});

import { createRequire } from 'node:module';

/**
 * The values the route walker sends to every field: a fixed, seeded sample of the "big list of
 * naughty strings", and the values that broke or could break the server (NUL, lone surrogates,
 * numbers at the edges, dates out of range, wrong types, deep nesting, prototype keys).
 *
 * A value is either a JavaScript value (sent as JSON, or as text in a URL) or raw JSON text,
 * for what `JSON.stringify` cannot make or would make too slowly (nesting 10,000 deep).
 */
export type HostileValue = { label: string; value: unknown } | { label: string; raw: string };

const require = createRequire(import.meta.url);
const NAUGHTY_STRINGS = require('big-list-of-naughty-strings') as string[];

/** How many of the naughty strings each field gets; the same ones on every run. */
export const NAUGHTY_SAMPLE_SIZE = 40;
const NAUGHTY_SEED = 20_240_517;

/** A small seeded generator (mulberry32), so that every run picks the same sample. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` distinct entries of the list, chosen by the seed. */
export function naughtySample(size = NAUGHTY_SAMPLE_SIZE, seed = NAUGHTY_SEED): string[] {
  const random = seededRandom(seed);
  const indexes = [...NAUGHTY_STRINGS.keys()];
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, size).map((i) => NAUGHTY_STRINGS[i]!);
}

export const DEEP_NESTING = 10_000;

/** The values every field gets besides the naughty strings. */
export const SPECIAL_VALUES: HostileValue[] = [
  { label: 'NUL inside', value: 'a\u0000b' },
  { label: 'NUL alone', value: '\u0000' },
  { label: 'lone high surrogate', value: '\ud800' },
  { label: 'lone low surrogate inside', value: 'x\udfffy' },
  { label: 'surrogates reversed', value: '\udc00\ud800' },
  { label: 'number 1e308', value: 1e308 },
  { label: 'number -1', value: -1 },
  { label: 'number 2**53', value: 2 ** 53 },
  { label: 'number -(2**53)', value: -(2 ** 53) },
  { label: 'number 0.5', value: 0.5 },
  { label: 'text -0', value: '-0' },
  { label: 'text NaN', value: 'NaN' },
  { label: 'text Infinity', value: 'Infinity' },
  { label: 'text 1e308', value: '1e308' },
  { label: 'text -1', value: '-1' },
  { label: 'text 9007199254740993', value: '9007199254740993' },
  { label: 'text 0x10', value: '0x10' },
  { label: 'date 0000-01-01', value: '0000-01-01' },
  { label: 'date 9999-12-31', value: '9999-12-31' },
  { label: 'date 0001-01-01T00:00:00Z', value: '0001-01-01T00:00:00Z' },
  { label: 'date 9999-12-31T23:59:59-12:00', value: '9999-12-31T23:59:59-12:00' },
  { label: 'date -000001-12-31', value: '-000001-12-31' },
  { label: 'date 2026-02-30', value: '2026-02-30' },
  { label: 'date 2026-13-01T25:61', value: '2026-13-01T25:61' },
  { label: 'empty array', value: [] },
  { label: 'array of texts', value: ['a', 'b'] },
  { label: 'empty object', value: {} },
  { label: 'object', value: { a: 1 } },
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'number 0', value: 0 },
  { label: `arrays nested ${DEEP_NESTING} deep`, raw: '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING) },
  { label: `objects nested ${DEEP_NESTING} deep`, raw: '{"a":'.repeat(DEEP_NESTING) + '1' + '}'.repeat(DEEP_NESTING) },
  { label: 'text __proto__', value: '__proto__' },
  { label: 'text constructor', value: 'constructor' },
  { label: 'object with __proto__', raw: '{"__proto__":{"polluted":"yes"}}' },
  { label: 'object with constructor.prototype', raw: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { label: 'text of 70,000 characters', value: 'x'.repeat(70_000) },
];

/** Sent once per route (in its first field), not per field: the body limit is 1 MB. */
export const HUGE_STRING: HostileValue = { label: 'text of 10 MB', value: 'x'.repeat(10 * 1024 * 1024) };

/** How many of the naughty strings a typed field gets (a number, an id, an enum, a date): they all fail its type alike. */
export const NAUGHTY_FOR_TYPED_FIELDS = 10;

/** Every value a free-text field gets, in a fixed order. */
export function hostileValues(): HostileValue[] {
  return [...naughtySample().map((value, i) => ({ label: `naughty string #${i + 1}`, value })), ...SPECIAL_VALUES];
}

/** The values for a field: all of them for free text, fewer naughty strings for typed fields. */
export function hostileValuesFor(freeText: boolean, all = hostileValues()): HostileValue[] {
  if (freeText) return all;
  const naughty = all.filter((v) => v.label.startsWith('naughty string'));
  return [...naughty.slice(0, NAUGHTY_FOR_TYPED_FIELDS), ...all.filter((v) => !naughty.includes(v))];
}

/** A value as JSON text. */
export function jsonOf(hostile: HostileValue): string {
  return 'raw' in hostile ? hostile.raw : JSON.stringify(hostile.value);
}

/** A short, printable form of a value for failure messages (control characters and surrogates escaped). */
export function describeValue(hostile: HostileValue): string {
  const text =
    'raw' in hostile ? hostile.raw : typeof hostile.value === 'string' ? hostile.value : JSON.stringify(hostile.value);
  const shown = text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
  // JSON escapes control characters and lone surrogates, so the line stays printable.
  return `${hostile.label}: ${JSON.stringify(shown)}`;
}

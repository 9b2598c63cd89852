import { createRequire } from 'node:module';

/**
 * The values the route walker sends to every field: a fixed, seeded sample of the "big list of
 * naughty strings", and the values that broke or could break the server (NUL, lone surrogates,
 * numbers at the edges, dates out of range, wrong types, deep nesting, prototype keys).
 *
 * A value is either a JavaScript value (sent as JSON, or as text in a URL) or raw JSON text,
 * for what `JSON.stringify` cannot make or would make too slowly (nesting 10,000 deep).
 */
export type HostileValue = ({ label: string; value: unknown } | { label: string; raw: string }) & {
  /**
   * Values of one class take the same way through the server (the same check refuses them, the
   * same conversion reaches the database): a place gets one of its class, the next place the
   * next one, so that every value is still sent on every walk. Without a class a value is sent
   * to every place.
   */
  class?: string;
  /** Reaches the database differently from driver to driver (its bytes, its range): walked on PostgreSQL too. */
  database?: boolean;
};

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
  { label: 'NUL inside', value: 'a\u0000b', class: 'NUL', database: true },
  { label: 'NUL alone', value: '\u0000', class: 'NUL', database: true },
  { label: 'lone high surrogate', value: '\ud800', class: 'surrogate', database: true },
  { label: 'lone low surrogate inside', value: 'x\udfffy', class: 'surrogate', database: true },
  { label: 'surrogates reversed', value: '\udc00\ud800', class: 'surrogate', database: true },
  { label: 'number 1e308', value: 1e308, database: true },
  { label: 'number -1', value: -1, class: 'small number', database: true },
  { label: 'number 2**53', value: 2 ** 53, class: 'number beyond 2**53', database: true },
  { label: 'number -(2**53)', value: -(2 ** 53), class: 'number beyond 2**53', database: true },
  { label: 'number 0.5', value: 0.5, class: 'small number', database: true },
  { label: 'text -0', value: '-0', class: 'text of a negative number' },
  { label: 'text NaN', value: 'NaN', class: 'text of no finite number', database: true },
  { label: 'text Infinity', value: 'Infinity', class: 'text of no finite number', database: true },
  { label: 'text 1e308', value: '1e308', class: 'text of a huge number', database: true },
  { label: 'text -1', value: '-1', class: 'text of a negative number', database: true },
  { label: 'text 9007199254740993', value: '9007199254740993', class: 'text of a huge number', database: true },
  { label: 'text 0x10', value: '0x10' },
  { label: 'date 0000-01-01', value: '0000-01-01', class: 'date before year 1', database: true },
  { label: 'date 9999-12-31', value: '9999-12-31', database: true },
  { label: 'date 0001-01-01T00:00:00Z', value: '0001-01-01T00:00:00Z', database: true },
  { label: 'date 9999-12-31T23:59:59-12:00', value: '9999-12-31T23:59:59-12:00', database: true },
  { label: 'date -000001-12-31', value: '-000001-12-31', class: 'date before year 1', database: true },
  { label: 'date 2026-02-30', value: '2026-02-30', class: 'date that does not exist', database: true },
  { label: 'date 2026-13-01T25:61', value: '2026-13-01T25:61', class: 'date that does not exist', database: true },
  { label: 'empty array', value: [], class: 'array', database: true },
  { label: 'array of texts', value: ['a', 'b'], class: 'array', database: true },
  { label: 'empty object', value: {}, class: 'object' },
  { label: 'object', value: { a: 1 }, class: 'object' },
  { label: 'null', value: null },
  { label: 'true', value: true, class: 'boolean' },
  { label: 'false', value: false, class: 'boolean' },
  { label: 'number 0', value: 0 },
  {
    label: `arrays nested ${DEEP_NESTING} deep`,
    raw: '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING),
    class: 'nested 10,000 deep',
  },
  {
    label: `objects nested ${DEEP_NESTING} deep`,
    raw: '{"a":'.repeat(DEEP_NESTING) + '1' + '}'.repeat(DEEP_NESTING),
    class: 'nested 10,000 deep',
  },
  { label: 'text __proto__', value: '__proto__', class: 'text naming a prototype key' },
  { label: 'text constructor', value: 'constructor', class: 'text naming a prototype key' },
  { label: 'object with __proto__', raw: '{"__proto__":{"polluted":"yes"}}' },
  { label: 'object with constructor.prototype', raw: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { label: 'text of 70,000 characters', value: 'x'.repeat(70_000), database: true },
];

/** Sent once per route (in its first field), not per field: the body limit is 1 MB. */
export const HUGE_STRING: HostileValue = { label: 'text of 10 MB', value: 'x'.repeat(10 * 1024 * 1024) };

/**
 * How many of the naughty strings a place gets, taken in turn from the sample so that every
 * one of them is sent on every walk: free text a quarter of them, a typed field (a number, an
 * id, an enum, a date) two, as they all fail its type alike.
 */
export const NAUGHTY_FOR_FREE_TEXT = 10;
export const NAUGHTY_FOR_TYPED_FIELDS = 2;

const NAUGHTY = 'naughty string';

/** Every value of the corpus, in a fixed order. */
export function hostileValues(): HostileValue[] {
  return [
    ...naughtySample().map((value, i) => ({ label: `${NAUGHTY} #${i + 1}`, value, class: NAUGHTY })),
    ...SPECIAL_VALUES,
  ];
}

/** The values that reach the database differently from driver to driver (the PostgreSQL walk). */
export function databaseValues(all = hostileValues()): HostileValue[] {
  return all.filter((v) => v.database || v.class === NAUGHTY);
}

/** The JSON kinds a field may take; `raw` values (parser and prototype attacks) have none. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export function kindOf(hostile: HostileValue): JsonKind | null {
  if ('raw' in hostile) return null;
  const { value } = hostile;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonKind;
}

/**
 * The values for one place of the walk, the `place`-th of it (its number over the whole walk):
 * one value of each class, the next of the class at the next place; a share of the naughty
 * strings; and where the field's schema says which JSON kinds it takes (`accepts`), one value
 * of each kind it does not take, as its type check refuses them all alike (URL parameters are
 * text whatever is sent: null there).
 */
export function valuesForPlace(
  all: HostileValue[],
  place: number,
  freeText: boolean,
  accepts: ReadonlySet<JsonKind> | null,
): HostileValue[] {
  const groups = new Map<string, HostileValue[]>();
  all.forEach((value, i) => {
    const kind = kindOf(value);
    const refused = accepts && kind && !accepts.has(kind);
    const key = refused ? `refused ${kind}` : (value.class ?? `value ${i}`);
    groups.set(key, [...(groups.get(key) ?? []), value]);
  });
  const chosen = new Set<HostileValue>();
  for (const [key, members] of groups) {
    const count = key === NAUGHTY ? (freeText ? NAUGHTY_FOR_FREE_TEXT : NAUGHTY_FOR_TYPED_FIELDS) : 1;
    for (let i = 0; i < Math.min(count, members.length); i++)
      chosen.add(members[(place * count + i) % members.length]!);
  }
  return all.filter((value) => chosen.has(value));
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

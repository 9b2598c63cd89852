import RandExp from 'randexp';
import type { JsonKind } from './hostile-values.ts';

/**
 * Plausible values from a JSON schema (as the OpenAPI description and `z.toJSONSchema` give
 * them), and the places in it that the route walker fills with hostile values.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

/** Where in a value: property names and array indexes. */
export type FieldPath = Array<string | number>;

/**
 * What a field of this name should hold to be found (an id of the seeded network, say), or a
 * function making one per use; undefined when nothing is known.
 */
export type FixtureLookup = (name: string, schema: JsonSchema) => unknown;

/** A value of the right shape that stands for the hostile one until the body is serialized. */
export const HOLE = Symbol('hostile value');

const SENTINEL = '\u0001walker-hostile\u0001';

/** A built value as JSON text, the hostile value's JSON text where the `HOLE` is. */
export function serializeWithHole(value: unknown, holeJson: string): string {
  if (value === HOLE) return holeJson;
  const text = JSON.stringify(value, (_key, v: unknown) => (v === HOLE ? SENTINEL : v));
  return text.replace(JSON.stringify(SENTINEL), () => holeJson);
}

const PLAUSIBLE_STRINGS = (today: string) => [
  `${today}T10:00:00Z`,
  `${today}T10:00`,
  today,
  '10:00',
  'Europe/Berlin',
  'en',
  '0123456789abcdef01234567',
  '#1864ab',
  'walker@example.com',
  'https://example.com/walker',
  'Walker text',
  'walker',
];

/** The first branch of a union that is not `null`. */
function chosenBranch(schema: JsonSchema): JsonSchema {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.find((branch) => branch.type !== 'null') ?? union[0] ?? {};
  if (schema.allOf) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** The JSON kinds a schema takes; null when it says nothing of them (it takes anything). */
export function acceptedKinds(input: JsonSchema | undefined): Set<JsonKind> | null {
  if (!input) return null;
  const union = input.anyOf ?? input.oneOf;
  if (union) {
    const kinds = new Set<JsonKind>();
    for (const branch of union) {
      const of = acceptedKinds(branch);
      if (!of) return null;
      for (const kind of of) kinds.add(kind);
    }
    return kinds;
  }
  const schema = input.allOf ? (Object.assign({}, ...input.allOf) as JsonSchema) : input;
  const kinds = new Set<JsonKind>();
  const add = (value: unknown) =>
    kinds.add(value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonKind));
  if (schema.enum) schema.enum.forEach(add);
  else if (schema.const !== undefined) add(schema.const);
  else {
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) {
      if (schema.properties) types.push('object');
      else if (schema.items) types.push('array');
      else return null;
    }
    for (const type of types) kinds.add(type === 'integer' ? 'number' : (type as JsonKind));
  }
  if (schema.nullable) kinds.add('null');
  return kinds;
}

export type ValueBuilder = {
  /** A plausible value of the schema, with `HOLE` at `hole` (and every object and array on the way made). */
  build(schema: JsonSchema, hole?: FieldPath, name?: string): unknown;
  /** A plausible string for a schema of type string, named `name`. */
  text(schema: JsonSchema, name: string): string;
};

/**
 * Builds plausible values: fixtures by field name first, then defaults, enums and patterns.
 * Objects get their required properties and the optional ones a fixture names.
 */
export function valueBuilder(lookup: FixtureLookup, today: string, seed = 1): ValueBuilder {
  // A fixture may be a function: a value of its own for each use (a client reference, say).
  const fixture: FixtureLookup = (name, schema) => {
    const found = lookup(name, schema);
    return typeof found === 'function' ? (found as () => unknown)() : found;
  };
  const candidates = PLAUSIBLE_STRINGS(today);

  function text(schema: JsonSchema, name: string): string {
    const known = fixture(name, schema);
    if (typeof known === 'string') return known;
    if (Array.isArray(known) && known.every((k) => typeof k === 'string')) return known.join(',');
    if (typeof schema.default === 'string') return schema.default;
    if (schema.enum?.length) return String(schema.enum[0]);
    if (typeof schema.const === 'string') return schema.const;
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Infinity;
    const fits = (s: string) => s.length >= min && s.length <= max;
    if (schema.format === 'date-time') return `${today}T10:00:00Z`;
    if (schema.format === 'date') return today;
    if (schema.format === 'email') return 'walker@example.com';
    if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/walker';
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern);
      const found = candidates.find((c) => pattern.test(c) && fits(c));
      if (found) return found;
      const generator = new RandExp(pattern);
      generator.max = 4;
      generator.randInt = seededInt(seed);
      return generator.gen();
    }
    const plain = 'Walker text';
    if (fits(plain)) return plain;
    return 'w'.repeat(Math.max(min, 1)).slice(0, Number.isFinite(max) ? max : undefined);
  }

  function number(schema: JsonSchema, integer: boolean): number {
    if (typeof schema.default === 'number') return schema.default;
    let value = 1;
    if (typeof schema.minimum === 'number') value = Math.max(value, schema.minimum);
    if (typeof schema.exclusiveMinimum === 'number') value = Math.max(value, schema.exclusiveMinimum + 1);
    if (typeof schema.maximum === 'number') value = Math.min(value, schema.maximum);
    if (typeof schema.exclusiveMaximum === 'number') value = Math.min(value, schema.exclusiveMaximum - 1);
    return integer ? Math.round(value) : value;
  }

  function build(input: JsonSchema, hole: FieldPath | undefined, name = ''): unknown {
    if (hole && hole.length === 0) return HOLE;
    const schema = chosenBranch(input);
    const known = hole ? undefined : fixture(name, schema);
    const type = typeOf(schema);
    // A list where text is expected (ids in a query parameter) is joined by `text`.
    if (known !== undefined && !(type === 'string' && Array.isArray(known))) return known;
    if (schema.const !== undefined) return schema.const;
    switch (type) {
      case 'object': {
        const value: Record<string, unknown> = {};
        const properties = schema.properties ?? {};
        const next = hole?.[0];
        for (const [key, property] of Object.entries(properties)) {
          if (key === next) value[key] = build(property, hole!.slice(1), key);
          else if (schema.required?.includes(key) || fixture(key, property) !== undefined) {
            value[key] = build(property, undefined, key);
          }
        }
        if (typeof next === 'string' && !(next in properties)) value[next] = build({}, hole!.slice(1), next);
        return value;
      }
      case 'array': {
        const items = schema.items ?? schema.prefixItems?.[0] ?? {};
        const count = hole ? (typeof hole[0] === 'number' ? hole[0] + 1 : 1) : (schema.minItems ?? 0);
        return Array.from({ length: count }, (_, i) =>
          hole && i === hole[0] ? build(items, hole.slice(1), name) : build(items, undefined, name),
        );
      }
      case 'string':
        return text(schema, name);
      case 'integer':
        return number(schema, true);
      case 'number':
        return number(schema, false);
      case 'boolean':
        return typeof schema.default === 'boolean' ? schema.default : false;
      case 'null':
        return null;
      default:
        return schema.enum?.[0] ?? schema.default ?? null;
    }
  }

  return { build, text };
}

/** Every place of a schema a hostile value can go: each property (also of nested objects) and each array's first item. */
export function fieldPaths(input: JsonSchema, prefix: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 8) return [];
  const schema = chosenBranch(input);
  const type = typeOf(schema);
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => [
      [...prefix, key],
      ...fieldPaths(property, [...prefix, key], depth + 1),
    ]);
  }
  if (type === 'array') {
    const items = schema.items ?? schema.prefixItems?.[0];
    return items ? [[...prefix, 0], ...fieldPaths(items, [...prefix, 0], depth + 1)] : [];
  }
  return [];
}

/** The schema at a path, or undefined where it has none. */
export function schemaAt(input: JsonSchema, path: FieldPath): JsonSchema | undefined {
  let schema: JsonSchema | undefined = input;
  for (const step of path) {
    if (!schema) return undefined;
    const chosen = chosenBranch(schema);
    schema = typeof step === 'number' ? (chosen.items ?? chosen.prefixItems?.[0]) : chosen.properties?.[step];
  }
  return schema;
}

function seededInt(seed: number): (a: number, b: number) => number {
  let state = seed >>> 0 || 1;
  return (a, b) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return a + (state % (b - a + 1));
  };
}

/** Whether a field takes any text (no type other than string, no pattern, enum or format). */
export function isFreeText(input: JsonSchema | undefined): boolean {
  if (!input) return true;
  const schema = chosenBranch(input);
  const type = typeOf(schema);
  return (
    (type === undefined || type === 'string') &&
    !schema.pattern &&
    !schema.enum &&
    !schema.format &&
    schema.const === undefined
  );
}

import { z } from './zod.ts';
import { TEXT_LIMITS } from './text.ts';

/**
 * The property engine's types (spec, Property set): what the member profile uses today. The apps
 * module extends the list to all 15 types; each type has one value shape below.
 */
export const PROPERTY_TYPES = [
  'text',
  'multiline_text',
  'image',
  'file',
  'date',
  'selection',
  'address',
  'url',
  'email',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Types whose values are one text (a selection's is its option's value): a saved property may change among them. */
const TEXT_VALUED_TYPES: readonly PropertyType[] = ['text', 'multiline_text', 'date', 'selection', 'url', 'email'];

/** Whether a saved property may change from one type to the other, its stored values keeping their shape. */
export function propertyTypesCompatible(from: PropertyType, to: PropertyType): boolean {
  return from === to || (TEXT_VALUED_TYPES.includes(from) && TEXT_VALUED_TYPES.includes(to));
}

export const PROPERTY_LIMITS = {
  /** Properties of one set. */
  propertiesMax: 60,
  /** Options of one selection. */
  optionsMax: 200,
  /** A multiline text value. */
  multilineMax: 5000,
} as const;

/** The member profile's property set: `GET /api/v1/property_sets/profile`. */
export const PROFILE_PROPERTY_SET = 'profile';

export const propertyOptionSchema = z.object({
  label: z.string().trim().min(1).max(TEXT_LIMITS.line),
  value: z.string().trim().min(1).max(100),
});
export type PropertyOption = z.infer<typeof propertyOptionSchema>;

export const propertySchema = z.object({
  /** The key of the value (`profile.{name}`); fixed once values exist. */
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/),
  label: z.string().trim().min(1).max(TEXT_LIMITS.line),
  type: z.enum(PROPERTY_TYPES),
  /** Selection: the choices. */
  options: z.array(propertyOptionSchema).max(PROPERTY_LIMITS.optionsMax).optional(),
  /** Selection: several values may be chosen. */
  multiple: z.boolean().optional(),
  required: z.boolean().optional(),
});
export type Property = z.infer<typeof propertySchema>;

/** A modified set adds options to its parent's selections. */
export const propertyModificationSchema = z.object({
  add_options: z.array(
    z.object({
      name: z.string().max(40),
      options: z.array(propertyOptionSchema).max(PROPERTY_LIMITS.optionsMax),
    }),
  ),
});
export type PropertyModification = z.infer<typeof propertyModificationSchema>;

export const PROPERTY_SET_TYPES = ['basic', 'modified'] as const;

/** The spec's Property set, as `GET`/`PUT /api/v1/property_sets/{name}` answer and take it. */
export type PropertySet = {
  name: string;
  type: (typeof PROPERTY_SET_TYPES)[number];
  properties: Property[];
  parent_property_set: PropertySet | null;
  modifications: PropertyModification[];
};

/** The contexts a set may be made for besides the whole network (`?context_type=group&context_id=…`). */
export const PROPERTY_SET_CONTEXT_TYPES = ['group'] as const;

export const propertySetInputSchema = z.object({
  /** `modified` (a context's set only): the network's set with `modifications`; its own properties are ignored. */
  type: z.enum(PROPERTY_SET_TYPES).optional(),
  properties: z
    .array(propertySchema)
    .max(PROPERTY_LIMITS.propertiesMax)
    .refine((list) => new Set(list.map((p) => p.name)).size === list.length, { message: 'taken' }),
  modifications: z.array(propertyModificationSchema).max(20).optional(),
});
export type PropertySetInput = z.infer<typeof propertySetInputSchema>;

/** An address value. */
export const addressValueSchema = z.object({
  street: z.string().trim().max(TEXT_LIMITS.line).optional(),
  number: z.string().trim().max(20).optional(),
  zip: z.string().trim().max(20).optional(),
  city: z.string().trim().max(TEXT_LIMITS.line).optional(),
  state: z.string().trim().max(TEXT_LIMITS.line).optional(),
  country: z.string().trim().max(TEXT_LIMITS.line).optional(),
});
export type AddressValue = z.infer<typeof addressValueSchema>;

/** An image or file value: a stored object (a volatile upload's id when saved the first time). */
export const storedObjectValueSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(TEXT_LIMITS.line).optional(),
});

/** The schema of one property's value; null (or absent) clears it unless the property is required. */
export function propertyValueSchema(property: Property) {
  const one = (() => {
    switch (property.type) {
      case 'text':
        return z.string().trim().max(TEXT_LIMITS.line);
      case 'multiline_text':
        return z.string().trim().max(PROPERTY_LIMITS.multilineMax);
      case 'date':
        return z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid');
      case 'url':
        return z
          .string()
          .trim()
          .max(2000)
          .regex(/^https?:\/\/[^\s]+$/i, 'invalid');
      case 'email':
        return z.string().trim().max(TEXT_LIMITS.line).email('invalid');
      case 'selection': {
        const values = (property.options ?? []).map((o) => o.value);
        const choice = z.string().refine((v) => values.includes(v), { message: 'invalid' });
        return property.multiple ? z.array(choice).max(PROPERTY_LIMITS.optionsMax) : choice;
      }
      case 'address':
        return addressValueSchema;
      case 'image':
      case 'file':
        return storedObjectValueSchema;
    }
  })();
  return one as z.ZodType<unknown>;
}

/** Whether a value counts as given (a required property refuses an empty one with `blank`). */
export function propertyValuePresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some((v) => typeof v === 'string' && v.trim() !== '');
  return true;
}

export type PropertyValueErrors = Record<string, string>;

const textListSchema = z.array(z.string().trim().max(TEXT_LIMITS.line)).max(PROPERTY_LIMITS.optionsMax);

/**
 * Checks values against a set's properties: the values that pass (unknown names dropped, empty
 * ones as null) and, per property name, the error key of one that does not (`blank`, `invalid`,
 * `too_long`). Shared by the server (which refuses with 422 and these keys) and the forms.
 */
export function validatePropertyValues(
  properties: Property[],
  values: Record<string, unknown>,
): { values: Record<string, unknown>; errors: PropertyValueErrors } {
  const out: Record<string, unknown> = {};
  const errors: PropertyValueErrors = {};
  for (const property of properties) {
    if (!(property.name in values)) continue;
    const value = values[property.name];
    if (!propertyValuePresent(value)) {
      if (property.required) errors[property.name] = 'blank';
      else out[property.name] = null;
      continue;
    }
    // A list of texts as stored before the property engine (languages, skills) stays valid.
    const schema = property.type === 'text' && Array.isArray(value) ? textListSchema : propertyValueSchema(property);
    const parsed = schema.safeParse(value);
    if (parsed.success) out[property.name] = parsed.data;
    else errors[property.name] = parsed.error.issues[0]?.code === 'too_big' ? 'too_long' : 'invalid';
  }
  return { values: out, errors };
}

/** A set's properties with a modified set's added options merged into its parent's selections. */
export function effectiveProperties(set: PropertySet): Property[] {
  const base =
    set.type === 'modified' && set.parent_property_set ? effectiveProperties(set.parent_property_set) : set.properties;
  const added = new Map<string, PropertyOption[]>();
  for (const modification of set.modifications) {
    for (const { name, options } of modification.add_options) added.set(name, [...(added.get(name) ?? []), ...options]);
  }
  return base.map((property) => {
    const extra = added.get(property.name);
    if (!extra || property.type !== 'selection') return property;
    const known = new Set((property.options ?? []).map((o) => o.value));
    return { ...property, options: [...(property.options ?? []), ...extra.filter((o) => !known.has(o.value))] };
  });
}

/** A value as one line of text for lists, the header and filters (an address joined, a selection's label). */
export function propertyDisplayValue(property: Property, value: unknown): string | null {
  if (!propertyValuePresent(value)) return null;
  switch (property.type) {
    case 'selection': {
      const labels = new Map((property.options ?? []).map((o) => [o.value, o.label]));
      const list = Array.isArray(value) ? value : [value];
      return list.map((v) => labels.get(String(v)) ?? String(v)).join(', ');
    }
    case 'address': {
      const a = value as AddressValue;
      return [
        [a.street, a.number].filter(Boolean).join(' '),
        [a.zip, a.city].filter(Boolean).join(' '),
        a.state,
        a.country,
      ]
        .filter((part) => part && part.trim() !== '')
        .join(', ');
    }
    case 'image':
    case 'file':
      return (value as { name?: string }).name ?? null;
    default:
      // Lists of texts (languages, skills) kept from before the property engine.
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
}

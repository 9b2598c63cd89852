import { and, eq, isNull } from 'drizzle-orm';
import {
  effectiveProperties,
  PROFILE_FIELD_LABELS,
  PROFILE_PROPERTY_SET,
  profileFieldLabel,
  propertySchema,
  propertyModificationSchema,
  propertyTypesCompatible,
  validatePropertyValues,
  type Property,
  type PropertyModification,
  type PropertySet,
  type PropertySetInput,
  type PropertyValueErrors,
} from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { HttpError, unprocessable } from '../../platform/errors.ts';
import { MEMBERSHIP_OWNER } from '../members/index.ts';
import { propertySets } from './tables.ts';

export const PROPERTY_SET_UPDATED = 'property_set.updated';

/** The cache key of a network's sets: every set change drops it. */
export const propertySetsKey = (networkId: string) => `property_sets:${networkId}`;

export const propertySetCacheInvalidations = {
  [PROPERTY_SET_UPDATED]: (event: { networkId: string }) => [propertySetsKey(event.networkId)],
};

/** A set for the whole network (no context) or for one context (a group). */
export type PropertySetContext = { type: string; id: string } | null;

type Row = typeof propertySets.$inferSelect;

const CACHED_PROFILES = 1_000;

/**
 * The profile every network had before networks defined their own: the fixed fields, labelled in
 * the network's language, the address as an address and everything else as text (the lists of
 * languages and skills stored before stay readable, as their values are shown joined).
 */
export function defaultProfileProperties(language: string): Property[] {
  return Object.keys(PROFILE_FIELD_LABELS).map((name) => ({
    name,
    label: profileFieldLabel(name, language),
    type: name === 'address' ? 'address' : 'text',
  }));
}

/** What is stored is trusted only as far as the contract reads it: a broken entry is left out. */
function parsedProperties(list: unknown[]): Property[] {
  return list.flatMap((entry) => {
    const parsed = propertySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function parsedModifications(list: unknown[]): PropertyModification[] {
  return list.flatMap((entry) => {
    const parsed = propertyModificationSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const refuse = (errors: Record<string, string>) =>
  unprocessable(Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [key]])));

type Deps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  cache: Pick<Cache, 'region'>;
  storage: Pick<Storage, 'attach'>;
  /** The network's language, for the default profile's labels; null for an unknown network. */
  networkLanguage: (networkId: string) => Promise<string | null>;
};

/**
 * Property sets (spec, Property set): named lists of typed properties; the network's member
 * profile is the set `profile`. A context's set may be `modified`: the network's set of the same
 * name with options added to its selections.
 *
 * Properties are keys of stored values (`memberships.profile`), so a saved property's name and
 * type stay as they are; removing a property only hides its values (they stay stored and come
 * back with a property of that name), and nothing here ever deletes a member's value.
 */
export function createPropertySetsService(deps: Deps) {
  const { db, events } = deps;
  const profiles = deps.cache.region<Property[]>(CACHED_PROFILES);

  async function findRow(networkId: string, name: string, context: PropertySetContext, tx: Db = db) {
    const [row] = await tx
      .select()
      .from(propertySets)
      .where(
        and(
          eq(propertySets.networkId, networkId),
          eq(propertySets.name, name),
          context ? eq(propertySets.contextType, context.type) : isNull(propertySets.contextType),
          context ? eq(propertySets.contextId, context.id) : isNull(propertySets.contextId),
        ),
      )
      .limit(1);
    return row;
  }

  /** The network's own set (no context): stored, else the default profile, else none. */
  async function networkSet(networkId: string, name: string, tx: Db = db): Promise<PropertySet | null> {
    const row = await findRow(networkId, name, null, tx);
    if (row) return present(row, null);
    if (name !== PROFILE_PROPERTY_SET) return null;
    const language = await deps.networkLanguage(networkId);
    if (language === null) return null;
    return {
      name,
      type: 'basic',
      properties: defaultProfileProperties(language),
      parent_property_set: null,
      modifications: [],
    };
  }

  function present(row: Row, parent: PropertySet | null): PropertySet {
    const modified = row.type === 'modified' && parent !== null;
    return {
      name: row.name,
      type: modified ? 'modified' : 'basic',
      properties: modified ? [] : parsedProperties(row.properties),
      parent_property_set: modified ? parent : null,
      modifications: modified ? parsedModifications(row.modifications) : [],
    };
  }

  async function read(
    networkId: string,
    name: string,
    context: PropertySetContext,
    inherit: boolean,
    tx: Db = db,
  ): Promise<PropertySet | null> {
    if (!context) return networkSet(networkId, name, tx);
    const [row, parent] = await Promise.all([findRow(networkId, name, context, tx), networkSet(networkId, name, tx)]);
    if (row) return present(row, row.type === 'modified' ? parent : null);
    // Without its own set a context answers the network's, as a modified set adding nothing.
    if (!inherit || !parent) return null;
    return { name, type: 'modified', properties: [], parent_property_set: parent, modifications: [] };
  }

  /** The rules a set's input must keep beyond its schema; the errors keyed by dotted path. */
  function check(input: PropertySetInput, context: PropertySetContext, before: PropertySet | null) {
    const errors: Record<string, string> = {};
    const type = input.type ?? 'basic';
    if (type === 'modified') {
      if (!context) errors.type = 'invalid';
      const parent = before?.type === 'modified' ? before.parent_property_set : null;
      const selections = new Set(
        (parent ? effectiveProperties(parent) : []).filter((p) => p.type === 'selection').map((p) => p.name),
      );
      (input.modifications ?? []).forEach((modification, i) =>
        modification.add_options.forEach((addition, j) => {
          if (!selections.has(addition.name)) errors[`modifications.${i}.add_options.${j}.name`] = 'invalid';
        }),
      );
      return errors;
    }
    const known = new Map((before?.type === 'basic' ? before.properties : []).map((p) => [p.name, p]));
    input.properties.forEach((property, i) => {
      // Stored values keep their shape: a saved property changes its type only to one of the same shape.
      const was = known.get(property.name);
      if (was && !propertyTypesCompatible(was.type, property.type)) errors[`properties.${i}.type`] = 'immutable';
      if (property.type === 'selection' && (property.options ?? []).length === 0)
        errors[`properties.${i}.options`] = 'blank';
      const values = (property.options ?? []).map((o) => o.value);
      if (new Set(values).size !== values.length) errors[`properties.${i}.options`] = 'taken';
    });
    return errors;
  }

  return {
    read,

    /**
     * Saves a set as a whole (network admins; the route checks). 422 with the errors by field
     * path and nothing changed; otherwise records `property_set.updated` in the same transaction.
     */
    async save(actor: Actor, name: string, context: PropertySetContext, input: PropertySetInput): Promise<PropertySet> {
      const networkId = actor.networkId;
      return events.transaction(async (tx) => {
        const existing = await findRow(networkId, name, context, tx);
        const parent = context ? await networkSet(networkId, name, tx) : null;
        const before = existing
          ? present(existing, parent)
          : context
            ? parent && {
                name,
                type: 'modified' as const,
                properties: [],
                parent_property_set: parent,
                modifications: [],
              }
            : await networkSet(networkId, name, tx);
        const errors = check(input, context, before);
        if (Object.keys(errors).length > 0) throw refuse(errors);
        const modified = input.type === 'modified';
        const values = {
          type: modified ? 'modified' : 'basic',
          properties: modified ? [] : input.properties,
          modifications: modified ? (input.modifications ?? []) : [],
          parentId: null,
          updatedAt: new Date(),
        };
        const [row] = existing
          ? await tx.update(propertySets).set(values).where(eq(propertySets.id, existing.id)).returning()
          : await tx
              .insert(propertySets)
              .values({
                ...values,
                networkId,
                name,
                contextType: context?.type ?? null,
                contextId: context?.id ?? null,
              })
              .returning();
        await events.record(tx, {
          networkId,
          type: PROPERTY_SET_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'property_set', id: row!.id },
          context: context ?? null,
          changes: { name, properties: values.properties.map((p) => (p as Property).name) },
        });
        return present(row!, parent);
      });
    },

    /** The properties of the network's member profile, as its forms and lists use them (cached). */
    async profileProperties(networkId: string): Promise<Property[]> {
      const properties = await profiles.get(networkId, async () => {
        const set = await networkSet(networkId, PROFILE_PROPERTY_SET);
        return set ? { value: effectiveProperties(set), keys: [propertySetsKey(networkId)] } : null;
      });
      return properties ?? [];
    },

    /**
     * Checks profile values against the network's profile: the values to store and, by property
     * name, the error keys (`blank`, `invalid`, `too_long`). With `owner` (the member whose
     * profile it is) and no errors, image and file uploads become that member's stored objects,
     * in the caller's transaction (`db`): the value keeps the stored object's id and name.
     */
    async validateProfileValues(
      networkId: string,
      values: Record<string, unknown>,
      owner?: { actor: Actor; membershipId: string; db?: Db },
    ): Promise<{ values: Record<string, unknown>; errors: PropertyValueErrors }> {
      const properties = await this.profileProperties(networkId);
      const result = validatePropertyValues(properties, values);
      if (!owner || Object.keys(result.errors).length > 0) return result;
      // An upload refused after another was attached leaves errors: the caller's 422 rolls both back.
      for (const property of properties) {
        if (property.type !== 'image' && property.type !== 'file') continue;
        const value = result.values[property.name] as { id: string } | null | undefined;
        if (!value) continue;
        try {
          const [stored] = await deps.storage.attach(
            owner.actor,
            [value.id],
            { type: MEMBERSHIP_OWNER, id: owner.membershipId },
            { db: owner.db, field: property.name, directory: property.type === 'image' ? 'images' : 'files' },
          );
          result.values[property.name] = { id: stored!.id, name: stored!.name };
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
          result.errors[property.name] = 'invalid';
        }
      }
      return result;
    },
  };
}

export type PropertySetsService = ReturnType<typeof createPropertySetsService>;

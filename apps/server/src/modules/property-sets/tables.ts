import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * A named set of typed properties (the network's member profile is `profile`), optionally for a
 * context (`context_type`/`context_id`, e.g. a group) and derived from a parent set whose
 * properties it inherits, adding options to its selections (`modifications`).
 */
export const propertySets = pgTable(
  'property_sets',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    name: text('name').notNull(),
    contextType: text('context_type'),
    contextId: text('context_id'),
    /** `basic` (its own properties) or `modified` (a parent's, with options added). */
    type: text('type').notNull().default('basic'),
    parentId: text('parent_id'),
    properties: jsonb('properties').$type<unknown[]>().notNull().default([]),
    modifications: jsonb('modifications').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('property_sets_name_context_idx').on(
      t.networkId,
      t.name,
      sql`coalesce(${t.contextType}, '')`,
      sql`coalesce(${t.contextId}, '')`,
    ),
  ],
);

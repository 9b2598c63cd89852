import { jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * The web navigation of the network (group null) or of one group: its items with their children,
 * saved as a whole by the navigation editor.
 */
export const navigations = pgTable(
  'navigations',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    groupId: text('group_id'),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('navigations_scope_unique').on(t.networkId, t.groupId).nullsNotDistinct()],
);

/** The mobile app's navigation of a network: exactly five items, saved as a whole. */
export const appNavigations = pgTable('app_navigations', {
  id: idColumn(),
  networkId: networkIdColumn().unique('app_navigations_network_idx'),
  items: jsonb('items').$type<unknown[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

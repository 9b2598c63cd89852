import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { NetworkSettings } from '@agora/contracts';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

export const networks = pgTable('networks', {
  id: idColumn(),
  name: text('name').notNull(),
  language: text('language').notNull().default('de'),
  /** The host name the network answers on; null for the single network of a deployment. */
  host: text('host').unique(),
  /** Stored sparsely: missing settings take the defaults of the contracts schema. */
  settings: jsonb('settings').$type<Partial<NetworkSettings>>().notNull().default({}),
  theme: jsonb('theme').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

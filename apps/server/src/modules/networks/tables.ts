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
  /**
   * What the operator of the deployment lets this network's administrators configure (abuse
   * reports, digests, birthday mails, guest users, two-factor enforcement...). Stored sparsely,
   * like the settings; set by the operator, never through the administration.
   */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  theme: jsonb('theme').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

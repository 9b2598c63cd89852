import { text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from './ids.ts';

/** Columns every table shares: a 24-hex time-ordered id and the two timestamps. */
export const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId());
export const networkIdColumn = () => text('network_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

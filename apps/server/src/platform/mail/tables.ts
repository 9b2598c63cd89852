import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/columns.ts';

/** Mails kept when no SMTP server is configured, so that nothing is silently lost. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    networkId: text('network_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_network_idx').on(t.networkId, t.createdAt)],
);

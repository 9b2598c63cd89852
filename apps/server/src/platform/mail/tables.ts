import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/columns.ts';

/**
 * Mails kept for network admins to read: every mail when no SMTP server is configured, and a mail
 * the SMTP server refused on every try (with the reason), so that nothing is silently lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    networkId: text('network_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Why the SMTP server did not take it; null when no SMTP server is configured. */
    deliveryError: text('delivery_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_network_idx').on(t.networkId, t.createdAt)],
);

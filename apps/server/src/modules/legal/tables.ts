import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/** A network's imprint: the web page (sanitized HTML) and the plain-text footer of its mails. */
export const imprints = pgTable('imprints', {
  id: idColumn(),
  networkId: networkIdColumn().unique('imprints_network_idx'),
  content: text('content').notNull().default(''),
  mailImprint: text('mail_imprint').notNull().default(''),
  showNewsletterInfo: boolean('show_newsletter_info').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Privacy policy, terms of use and the like; `text` is the current version's sanitized HTML. */
export const legalTexts = pgTable(
  'legal_texts',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    statement: text('statement').notNull(),
    text: text('text').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('legal_texts_network_handle_idx').on(t.networkId, t.handle)],
);

/** Every text a legal text ever had, so members can see what they agreed to; the newest is current. */
export const legalTextVersions = pgTable(
  'legal_text_versions',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    legalTextId: text('legal_text_id')
      .notNull()
      .references(() => legalTexts.id, { onDelete: 'cascade' }),
    htmlText: text('html_text').notNull(),
    /** Whether members must accept this version (its text's statement) before they go on. */
    requiresAcceptance: boolean('requires_acceptance').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('legal_text_versions_text_idx').on(t.legalTextId, t.createdAt)],
);

/** Which version of a legal text a member accepted last, and when. */
export const legalTextAcceptances = pgTable(
  'legal_text_acceptances',
  {
    networkId: networkIdColumn(),
    membershipId: text('membership_id').notNull(),
    legalTextId: text('legal_text_id')
      .notNull()
      .references(() => legalTexts.id, { onDelete: 'cascade' }),
    versionId: text('version_id').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.legalTextId] })],
);

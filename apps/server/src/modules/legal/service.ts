import { ERROR_KEYS, LEGAL_ERROR_KEYS, legalHandle } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { sanitizeHtml } from '../../platform/html/sanitize.ts';
import { createAcceptance, LEGAL_TEXT_ACCEPTED } from './acceptance.ts';
import { createLegalRepository, type ImprintRow, type LegalTextFields, type LegalTextRow } from './repository.ts';

/** Bounds of the lists: a network has a handful of legal texts, each a handful of versions. */
export const LEGAL_TEXTS_LIMIT = 100;
export const LEGAL_TEXT_VERSIONS_LIMIT = 50;

export const LEGAL_EVENTS = {
  created: 'legal_text.created',
  updated: 'legal_text.updated',
  destroyed: 'legal_text.destroyed',
  accepted: LEGAL_TEXT_ACCEPTED,
  imprintUpdated: 'imprint.updated',
} as const;

export type ImprintInput = { content: string; mailImprint: string; showNewsletterInfo?: boolean };
export type NewLegalText = {
  name: string;
  handle?: string;
  statement: string;
  text: string;
  readOnly?: boolean;
  requiresAcceptance?: boolean;
};
export type LegalTextChanges = { name?: string; statement?: string; text?: string; requiresAcceptance?: boolean };

export type LegalService = ReturnType<typeof createLegalService>;

type Imprint = Pick<ImprintRow, 'content' | 'mailImprint' | 'showNewsletterInfo'>;
const EMPTY_IMPRINT: Imprint = { content: '', mailImprint: '', showNewsletterInfo: false };

/** What a handle may hold as typed: letters, digits, hyphens and spaces (administration spec, section 5). */
const HANDLE_CHARACTERS = /^[\p{L}\p{N}\- ]+$/u;

/** Name, statement and text cleaned, with a `required` for each that is empty. */
function cleanFields(input: LegalTextFields, errors: Record<string, string[]>): LegalTextFields {
  const fields = { name: input.name.trim(), statement: input.statement.trim(), text: sanitizeHtml(input.text) };
  if (!fields.name) errors.name = [ERROR_KEYS.required];
  if (!fields.statement) errors.statement = [ERROR_KEYS.required];
  // Markup without a word (an empty paragraph, a stripped script) is no text.
  if (!fields.text.replace(/<[^>]*>|&nbsp;/g, '').trim()) errors.text = [ERROR_KEYS.required];
  return fields;
}

export function createLegalService(db: Db, events: Pick<Events, 'transaction' | 'record'>) {
  const repository = createLegalRepository(db);

  async function load(networkId: string, id: string, tx: Db = db, forUpdate = false): Promise<LegalTextRow> {
    const row = await repository.byId(networkId, id, tx, forUpdate);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** The imprint; a network that has none yet shows an empty one. */
    async imprint(networkId: string): Promise<Imprint> {
      return (await repository.imprint(networkId)) ?? EMPTY_IMPRINT;
    },

    /** The plain-text footer of the network's mails. */
    async mailImprint(networkId: string): Promise<string> {
      return (await repository.mailImprint(networkId)) ?? '';
    },

    /** Replaces the imprint; records which of its parts changed, and nothing when none did. */
    saveImprint(networkId: string, input: ImprintInput, actorId: string | null = null) {
      const next: Imprint = {
        content: sanitizeHtml(input.content),
        mailImprint: input.mailImprint.trim(),
        showNewsletterInfo: input.showNewsletterInfo ?? false,
      };
      return events.transaction(async (tx) => {
        const before = (await repository.imprint(networkId, tx, true)) ?? EMPTY_IMPRINT;
        const changed = (['content', 'mailImprint', 'showNewsletterInfo'] as const).filter(
          (k) => before[k] !== next[k],
        );
        const row = await repository.upsertImprint({ networkId, ...next }, tx);
        if (changed.length > 0) {
          await events.record(tx, {
            networkId,
            type: LEGAL_EVENTS.imprintUpdated,
            actorId,
            subject: { type: 'imprint', id: row.id },
            changes: { changed },
          });
        }
        return row;
      });
    },

    list(networkId: string): Promise<LegalTextRow[]> {
      return repository.list(networkId, LEGAL_TEXTS_LIMIT);
    },

    /** A legal text with its newest versions; 404 for a handle the network does not have. */
    async byHandle(networkId: string, handle: string) {
      const text = await repository.byHandle(networkId, handle);
      if (!text) throw notFound();
      return { text, versions: await repository.versions(text.id, LEGAL_TEXT_VERSIONS_LIMIT) };
    },

    /** A legal text with its newest versions; 404 for one the network does not have. */
    async byId(networkId: string, id: string) {
      const text = await load(networkId, id);
      return { text, versions: await repository.versions(text.id, LEGAL_TEXT_VERSIONS_LIMIT) };
    },

    /** A new text; its handle comes from the name unless one is given, and is the network's only one. */
    async create(networkId: string, input: NewLegalText, actorId: string | null = null): Promise<LegalTextRow> {
      const errors: Record<string, string[]> = {};
      const fields = cleanFields(input, errors);
      const typed = input.handle?.trim();
      const handle = legalHandle(typed || fields.name);
      if (typed && !HANDLE_CHARACTERS.test(typed)) errors.handle = [ERROR_KEYS.invalid];
      else if (!handle) errors.handle = [ERROR_KEYS.required];
      return events.transaction(async (tx) => {
        if (!errors.handle && (await repository.byHandle(networkId, handle, tx))) {
          errors.handle = [LEGAL_ERROR_KEYS.taken];
        }
        if (Object.keys(errors).length > 0) throw unprocessable(errors);
        const row = await repository.insert(
          { networkId, ...fields, handle, readOnly: input.readOnly ?? false },
          input.requiresAcceptance ?? false,
          tx,
        );
        await events.record(tx, {
          networkId,
          type: LEGAL_EVENTS.created,
          actorId,
          subject: { type: 'legal_text', id: row.id },
          changes: { name: row.name, handle: row.handle, requires_acceptance: input.requiresAcceptance ?? false },
        });
        return row;
      });
    },

    /**
     * Saves name, statement and text (what is left out stays) as a new version: every save keeps
     * one. The handle never changes; a read-only text cannot be changed (403).
     */
    async update(
      networkId: string,
      id: string,
      changes: LegalTextChanges,
      actorId: string | null = null,
    ): Promise<LegalTextRow> {
      return events.transaction(async (tx) => {
        const row = await load(networkId, id, tx, true);
        if (row.readOnly) throw forbidden();
        const errors: Record<string, string[]> = {};
        const fields = cleanFields(
          {
            name: changes.name ?? row.name,
            statement: changes.statement ?? row.statement,
            text: changes.text ?? row.text,
          },
          errors,
        );
        if (Object.keys(errors).length > 0) throw unprocessable(errors);
        const requiresAcceptance = changes.requiresAcceptance ?? false;
        const updated = await repository.update(row, fields, requiresAcceptance, tx);
        await events.record(tx, {
          networkId,
          type: LEGAL_EVENTS.updated,
          actorId,
          subject: { type: 'legal_text', id: row.id },
          changes: {
            name: updated.name,
            changed: (['name', 'statement', 'text'] as const).filter((k) => row[k] !== fields[k]),
            requires_acceptance: requiresAcceptance,
          },
        });
        return updated;
      });
    },

    /** Deletes a text with its versions and acceptances; a read-only text stays (403). */
    async destroy(networkId: string, id: string, actorId: string | null = null): Promise<void> {
      await events.transaction(async (tx) => {
        const row = await load(networkId, id, tx, true);
        if (row.readOnly) throw forbidden();
        await repository.destroy(row, tx);
        await events.record(tx, {
          networkId,
          type: LEGAL_EVENTS.destroyed,
          actorId,
          subject: { type: 'legal_text', id: row.id },
          changes: { name: row.name, handle: row.handle },
        });
      });
    },

    ...createAcceptance({ repository, events, load, textsLimit: LEGAL_TEXTS_LIMIT }),
  };
}

import { ERROR_KEYS } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { sanitizeHtml } from '../../platform/html/sanitize.ts';
import { createLegalRepository, type ImprintRow, type LegalTextRow } from './repository.ts';

/** Bounds of the public lists: a network has a handful of legal texts, each a handful of versions. */
export const LEGAL_TEXTS_LIMIT = 100;
export const LEGAL_TEXT_VERSIONS_LIMIT = 50;

export const HANDLE_TAKEN = 'taken';

export type ImprintInput = { content: string; mailImprint: string; showNewsletterInfo?: boolean };
export type NewLegalText = { name: string; handle?: string; statement: string; text: string; readOnly?: boolean };
export type LegalTextChanges = { name?: string; statement?: string; text?: string };

export type LegalService = ReturnType<typeof createLegalService>;

/** The handle a name gives (administration spec, section 5): letters, digits, hyphens; lowercase. */
export function legalHandle(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .trim()
    .replace(/ +/g, '-');
}

export function createLegalService(db: Db) {
  const repository = createLegalRepository(db);

  return {
    /** The imprint; a network that has none yet shows an empty one. */
    async imprint(networkId: string): Promise<Pick<ImprintRow, 'content' | 'mailImprint' | 'showNewsletterInfo'>> {
      return (await repository.imprint(networkId)) ?? { content: '', mailImprint: '', showNewsletterInfo: false };
    },

    /** The plain-text footer of the network's mails. */
    async mailImprint(networkId: string): Promise<string> {
      return (await repository.mailImprint(networkId)) ?? '';
    },

    saveImprint(networkId: string, input: ImprintInput) {
      return repository.upsertImprint({
        networkId,
        content: sanitizeHtml(input.content),
        mailImprint: input.mailImprint.trim(),
        showNewsletterInfo: input.showNewsletterInfo ?? false,
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

    async create(networkId: string, input: NewLegalText): Promise<LegalTextRow> {
      const name = input.name.trim();
      const statement = input.statement.trim();
      const handle = legalHandle(input.handle ?? name);
      const text = sanitizeHtml(input.text);
      const errors: Record<string, string[]> = {};
      if (!name) errors.name = [ERROR_KEYS.required];
      if (!statement) errors.statement = [ERROR_KEYS.required];
      if (!text.trim()) errors.text = [ERROR_KEYS.required];
      if (!handle) errors.handle = [ERROR_KEYS.required];
      else if (input.handle !== undefined && handle !== input.handle) errors.handle = [ERROR_KEYS.invalid];
      else if (await repository.byHandle(networkId, handle)) errors.handle = [HANDLE_TAKEN];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      return repository.insert({ networkId, name, handle, statement, text, readOnly: input.readOnly ?? false });
    },

    /** Changes name, statement or text (a new version); the handle stays, read-only texts stay as they are. */
    async update(networkId: string, id: string, changes: LegalTextChanges): Promise<LegalTextRow> {
      const row = await repository.byId(networkId, id);
      if (!row) throw notFound();
      if (row.readOnly) throw forbidden();
      const next: LegalTextChanges = {};
      const errors: Record<string, string[]> = {};
      if (changes.name !== undefined) {
        next.name = changes.name.trim();
        if (!next.name) errors.name = [ERROR_KEYS.required];
      }
      if (changes.statement !== undefined) {
        next.statement = changes.statement.trim();
        if (!next.statement) errors.statement = [ERROR_KEYS.required];
      }
      if (changes.text !== undefined) {
        next.text = sanitizeHtml(changes.text);
        if (!next.text.trim()) errors.text = [ERROR_KEYS.required];
      }
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      return repository.update(row, next);
    },
  };
}

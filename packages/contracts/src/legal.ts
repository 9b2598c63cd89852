import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import { lineText, longText, TEXT_LIMITS } from './text.ts';

/** `GET /imprint` (administration spec, section 3, Imprint); public. */
export type Imprint = {
  imprint_attributes: { content: string };
  mail_imprint: string;
  show_newsletter_info: boolean;
};

/** `GET /legal` items; public. */
export type LegalTextSummary = { id: string; name: string; handle: string; statement: string; updated_at: string };

/** One saved state of a legal text; `requires_acceptance` asks every member to accept it. */
export type LegalTextVersion = { id: string; created_at: string; html_text: string; requires_acceptance: boolean };

/** `GET /legal/{handle}`; public. `text` is sanitized HTML; the first version is the current one. */
export type LegalText = LegalTextSummary & {
  text: string;
  read_only: boolean;
  versions: LegalTextVersion[];
};

/** What the administration may do with a legal text: a read-only one is neither edited nor deleted. */
export type LegalTextAbilities = { update: boolean; destroy: boolean };

/** `GET /administration/legal_texts` items. */
export type LegalTextAdminSummary = LegalTextSummary & { read_only: boolean; can: LegalTextAbilities };

/** `GET /administration/legal_texts/{id}`. */
export type LegalTextAdmin = LegalText & { can: LegalTextAbilities };

export const LEGAL_LIMITS = {
  nameMaxLength: TEXT_LIMITS.line,
  handleMaxLength: TEXT_LIMITS.line,
  statementMaxLength: 1000,
  /** Rich text (HTML), as long as a long privacy policy. */
  textMaxLength: 200_000,
  imprintMaxLength: 100_000,
  mailImprintMaxLength: 2000,
} as const;

/** Message keys of the legal text rules (administration spec, section 5). */
export const LEGAL_ERROR_KEYS = {
  /** handle: another text of the network has it. */
  taken: 'taken',
  /** version_id: the text changed since it was shown; the member reads it again. */
  outdated: 'outdated',
} as const;

/**
 * `POST /administration/legal_texts` and `PUT .../{id}`. Emptiness is checked by the server, so
 * that every missing field is named at once (a text of nothing but markup counts as empty).
 * `handle` counts only when creating: left out, it comes from the name.
 */
export const legalTextBodySchema = z.object({
  legal_text: z.object({
    name: lineText(LEGAL_LIMITS.nameMaxLength),
    statement: longText(LEGAL_LIMITS.statementMaxLength),
    handle: lineText(LEGAL_LIMITS.handleMaxLength).optional(),
    text: longText(LEGAL_LIMITS.textMaxLength, { trim: false }),
    requires_acceptance: z.boolean().default(false),
  }),
});
export type LegalTextBody = z.input<typeof legalTextBodySchema>;

/** `PUT /administration/imprint/`. */
export const imprintBodySchema = z.object({
  imprint: z.object({
    imprint_attributes: z.object({ content: longText(LEGAL_LIMITS.imprintMaxLength, { trim: false }) }),
    mail_imprint: longText(LEGAL_LIMITS.mailImprintMaxLength),
    show_newsletter_info: z.boolean().default(false),
  }),
});
export type ImprintBody = z.input<typeof imprintBodySchema>;

/** `GET /api/v1/legal_texts/pending`: what the signed-in member must accept before going on. */
export type PendingLegalText = { id: string; name: string; handle: string; statement: string; version_id: string };

/** `POST /api/v1/legal_texts/{id}/accept`: the version the member read. */
export const acceptLegalTextBodySchema = z.object({ version_id: idSchema });
export type AcceptLegalTextBody = z.input<typeof acceptLegalTextBodySchema>;

/**
 * The handle a name gives (administration spec, section 5): letters, digits, hyphens and spaces
 * only, spaces become hyphens, lowercase. Anything else is dropped.
 */
export function legalHandle(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .trim()
    .replace(/ +/g, '-');
}

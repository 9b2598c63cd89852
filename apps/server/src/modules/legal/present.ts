import type {
  Imprint,
  LegalText,
  LegalTextAbilities,
  LegalTextAdmin,
  LegalTextAdminSummary,
  LegalTextSummary,
} from '@agora/contracts';
import type { ImprintRow, LegalTextRow, LegalTextVersionRow } from './repository.ts';

export function presentImprint(row: Pick<ImprintRow, 'content' | 'mailImprint' | 'showNewsletterInfo'>): Imprint {
  return {
    imprint_attributes: { content: row.content },
    mail_imprint: row.mailImprint,
    show_newsletter_info: row.showNewsletterInfo,
  };
}

export function presentLegalTextSummary(row: LegalTextRow): LegalTextSummary {
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    statement: row.statement,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentLegalText(row: LegalTextRow, versions: LegalTextVersionRow[]): LegalText {
  return {
    ...presentLegalTextSummary(row),
    text: row.text,
    read_only: row.readOnly,
    versions: versions.map((v) => ({
      id: v.id,
      created_at: v.createdAt.toISOString(),
      html_text: v.htmlText,
      requires_acceptance: v.requiresAcceptance,
    })),
  };
}

/** For network admins (the routes let no one else in): a read-only text is neither edited nor deleted. */
function abilities(row: LegalTextRow): LegalTextAbilities {
  return { update: !row.readOnly, destroy: !row.readOnly };
}

export function presentLegalTextAdminSummary(row: LegalTextRow): LegalTextAdminSummary {
  return { ...presentLegalTextSummary(row), read_only: row.readOnly, can: abilities(row) };
}

export function presentLegalTextAdmin(row: LegalTextRow, versions: LegalTextVersionRow[]): LegalTextAdmin {
  return { ...presentLegalText(row, versions), can: abilities(row) };
}

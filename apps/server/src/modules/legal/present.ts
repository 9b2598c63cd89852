import type { Imprint, LegalText, LegalTextSummary } from '@agora/contracts';
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
    versions: versions.map((v) => ({ created_at: v.createdAt.toISOString(), html_text: v.htmlText })),
  };
}

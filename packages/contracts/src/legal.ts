/** `GET /imprint` (administration spec, section 3, Imprint); public. */
export type Imprint = {
  imprint_attributes: { content: string };
  mail_imprint: string;
  show_newsletter_info: boolean;
};

/** `GET /legal` items; public. */
export type LegalTextSummary = { id: string; name: string; handle: string; statement: string; updated_at: string };

/** `GET /legal/{handle}`; public. `text` is sanitized HTML. */
export type LegalText = LegalTextSummary & {
  text: string;
  read_only: boolean;
  versions: Array<{ created_at: string; html_text: string }>;
};

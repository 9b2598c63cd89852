/** A mail kept in the outbox (no SMTP server configured), as `/administration/mails` lists it. */
export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Set when an SMTP server is configured but refused the mail on every try: why. */
  delivery_error: string | null;
  created_at: string;
};
export type OutboxPage = { mails: Array<Omit<OutboxMail, 'text' | 'html'>>; total: number; page: number; per: number };
export const OUTBOX_PER_PAGE = 25;

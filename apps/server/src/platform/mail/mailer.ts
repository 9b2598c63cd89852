import nodemailer from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from './tables.ts';

export type Mail = { networkId?: string | null; to: string; subject: string; text: string; html?: string };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** The newest stored mails to an address (the outbox, without SMTP). */
  outbox(to: string, limit?: number): Promise<Array<typeof mailOutbox.$inferSelect>>;
  close(): void;
};

/** Sends through `SMTP_URL` when set; otherwise keeps every mail in the outbox table. */
export function createMailer(options: { db: Db; smtpUrl?: string | undefined; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        return;
      }
      await options.db.insert(mailOutbox).values({
        networkId: mail.networkId ?? null,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
    },
    outbox(to, limit = 20) {
      return options.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },
    close() {
      transport?.close();
    },
  };
}

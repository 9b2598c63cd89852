import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { JobOptions, Jobs } from '../jobs/jobs.ts';
import { languageTag, renderMail, type MailContent } from './layout.ts';
import { createOutbox, type Outbox, type OutboxRow } from './outbox.ts';

export const MAIL_QUEUE = 'mail.send';
/** Where a mail goes after its last failed try: into the outbox, with the reason. */
export const UNDELIVERABLE_QUEUE = 'mail.undeliverable';

/** A mail to one recipient, its content already in the recipient's language. */
export type MailMessage = MailContent & {
  networkId: string;
  to: string;
  /** The recipient's locale (de, de_DU, en, es, fr). */
  locale: string;
  networkName?: string;
};

/** The job: the mail exactly as it is sent, so that every try sends the same. */
export type MailJob = {
  networkId: string;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
};

export type MailRetry = Required<Pick<JobOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff'>>;

/** Five tries over about half an hour (1-2, 2-4, 4-8, 8-16 minutes apart), then the outbox. */
export const DEFAULT_MAIL_RETRY: MailRetry = { retryLimit: 4, retryDelay: 60, retryBackoff: true };

export type Mailer = {
  /** Renders the mail in the layout with the network's mail imprint and queues it; it is sent by a worker. */
  send(message: MailMessage): Promise<void>;
  /** The outbox table: mails kept without SMTP, and undeliverable ones. */
  outboxStore: Outbox;
  /** The newest outbox mails to an address. */
  outbox(to: string, limit?: number): Promise<OutboxRow[]>;
  close(): void;
};

export type MailerOptions = {
  db: Db;
  jobs: Jobs;
  smtpUrl?: string | undefined;
  from: string;
  /** The network's mail imprint; injected, as it lives in a module. */
  mailImprint(networkId: string): Promise<string>;
  retry?: MailRetry;
  pollingIntervalSeconds?: number;
};

/**
 * Mail goes through the job queue: `send()` stores a job, a worker hands it to the SMTP server
 * (`SMTP_URL`) or, without one, to the outbox table. A refused mail is tried again with growing
 * pauses; after the last try it lands in the outbox with the reason, so no mail is lost.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const outbox = createOutbox(options.db);
  const retry = options.retry ?? DEFAULT_MAIL_RETRY;
  const workOptions = { pollingIntervalSeconds: options.pollingIntervalSeconds };

  options.jobs.work<MailJob>(
    MAIL_QUEUE,
    async ({ data }) => {
      if (!transport) return outbox.insert(toOutbox(data, null));
      await transport.sendMail({
        from: options.from,
        to: data.to,
        subject: data.subject,
        text: data.text,
        html: data.html,
        headers: { 'Content-Language': languageTag(data.locale) },
      });
    },
    workOptions,
  );

  options.jobs.work<MailJob>(
    UNDELIVERABLE_QUEUE,
    async ({ data, output }) => outbox.insert(toOutbox(data, failureOf(output))),
    workOptions,
  );

  return {
    async send(message) {
      const imprint = await options.mailImprint(message.networkId);
      const mail = renderMail(message, { locale: message.locale, networkName: message.networkName, imprint });
      const job: MailJob = { networkId: message.networkId, to: message.to, locale: message.locale, ...mail };
      await options.jobs.send(MAIL_QUEUE, job, { ...retry, deadLetter: UNDELIVERABLE_QUEUE });
    },
    outboxStore: outbox,
    outbox: (to, limit) => outbox.to(to, limit),
    close() {
      transport?.close();
    },
  };
}

function toOutbox(mail: MailJob, deliveryError: string | null) {
  return {
    networkId: mail.networkId,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    deliveryError,
  };
}

/** The error of the last try, as pg-boss kept it with the job. */
function failureOf(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message;
  return (typeof message === 'string' && message ? message : 'not delivered').slice(0, 2000);
}

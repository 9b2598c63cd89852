import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { JobOptions, Jobs } from '../jobs/jobs.ts';
import { languageTag, renderMail, type MailContent } from './layout.ts';
import { createOutbox, type Outbox, type OutboxRow } from './outbox.ts';

export const MAIL_QUEUE = 'mail.send';
/** Where a mail goes after its last failed try: into the outbox, with the reason. */
export const UNDELIVERABLE_QUEUE = 'mail.undeliverable';

/**
 * A file sent with a mail, named by its storage key: the worker streams the bytes from the
 * storage driver when it sends, so that the queued job stays small however large the file.
 */
export type MailAttachment = { key: string; filename: string; contentType: string };

/** A mail to one recipient, its content already in the recipient's language. */
export type MailMessage = MailContent & {
  networkId: string;
  to: string;
  /** The recipient's locale (de, de_DU, en, es, fr). */
  locale: string;
  networkName?: string;
  /** Where answers go (a member writing to others), instead of the sender address. */
  replyTo?: string;
  attachments?: MailAttachment[];
};

/** The job: the mail exactly as it is sent, so that every try sends the same. */
export type MailJob = {
  networkId: string;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};

export type MailRetry = Required<Pick<JobOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff'>>;

/** Five tries over about half an hour (1-2, 2-4, 4-8, 8-16 minutes apart), then the outbox. */
export const DEFAULT_MAIL_RETRY: MailRetry = { retryLimit: 4, retryDelay: 60, retryBackoff: true };

export type Mailer = {
  /** Renders the mail in the layout with the network's mail imprint and queues it; it is sent by a worker. */
  send(message: MailMessage): Promise<void>;
  /** Renders a mail to be queued later (reads the imprint: do it before a processor's transaction). */
  prepare(message: MailMessage): Promise<MailJob>;
  /** Queues rendered mails in `tx` (an event processor's), so that they exist exactly when it commits. */
  enqueue(mails: MailJob[], tx: Db): Promise<void>;
  /** The outbox table: mails kept without SMTP, and undeliverable ones. */
  outboxStore: Outbox;
  /** Where the networks' mail imprints come from (the legal module). */
  useImprint(source: (networkId: string) => Promise<string>): void;
  /** The newest outbox mails to an address. */
  outbox(to: string, limit?: number): Promise<OutboxRow[]>;
  close(): void;
};

export type MailerOptions = {
  db: Db;
  jobs: Jobs;
  smtpUrl?: string | undefined;
  from: string;
  /**
   * The network's mail imprint. It lives in a module (legal), which hands it over with
   * `useImprint` when it is made; tests may give it here. None until then.
   */
  mailImprint?(networkId: string): Promise<string>;
  retry?: MailRetry;
  pollingIntervalSeconds?: number;
  /** The bytes of an attachment's storage key; injected, as the storage driver is made later. */
  openAttachment?: (key: string) => Promise<Readable>;
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

  /**
   * The streams of a mail's attachments: opened before sending, read by nodemailer one after
   * the other as it writes the message, so that no file is held in memory whole.
   */
  async function openAttachments(attachments: MailAttachment[]) {
    if (attachments.length === 0) return [];
    const open = options.openAttachment;
    if (!open) throw new Error('this mailer cannot read attachments');
    const streams: Array<{ attachment: MailAttachment; content: Readable }> = [];
    try {
      for (const attachment of attachments) streams.push({ attachment, content: await open(attachment.key) });
    } catch (err) {
      for (const { content } of streams) content.destroy();
      throw err;
    }
    return streams;
  }

  options.jobs.work<MailJob>(
    MAIL_QUEUE,
    async ({ data }) => {
      if (!transport) return outbox.insert(toOutbox(data, null));
      const streams = await openAttachments(data.attachments ?? []);
      try {
        await transport.sendMail({
          from: options.from,
          to: data.to,
          ...(data.replyTo ? { replyTo: data.replyTo } : {}),
          subject: data.subject,
          text: data.text,
          html: data.html,
          headers: { 'Content-Language': languageTag(data.locale) },
          attachments: streams.map(({ attachment, content }) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content,
          })),
        });
      } finally {
        // A failed try leaves unread streams behind (open files, S3 responses).
        for (const { content } of streams) content.destroy();
      }
    },
    workOptions,
  );

  options.jobs.work<MailJob>(
    UNDELIVERABLE_QUEUE,
    async ({ data, output }) => outbox.insert(toOutbox(data, failureOf(output))),
    workOptions,
  );

  let imprintOf = options.mailImprint ?? (async () => '');

  async function prepare(message: MailMessage): Promise<MailJob> {
    const imprint = await imprintOf(message.networkId);
    const mail = renderMail(message, { locale: message.locale, networkName: message.networkName, imprint });
    return {
      networkId: message.networkId,
      to: message.to,
      locale: message.locale,
      ...mail,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    };
  }

  function queue(job: MailJob, tx?: Db): Promise<string | null> {
    return options.jobs.send(MAIL_QUEUE, job, { ...retry, deadLetter: UNDELIVERABLE_QUEUE, ...(tx ? { tx } : {}) });
  }

  return {
    async send(message) {
      await queue(await prepare(message));
    },
    prepare,
    async enqueue(mails, tx) {
      await options.jobs.sendMany(MAIL_QUEUE, mails, { ...retry, deadLetter: UNDELIVERABLE_QUEUE, tx });
    },
    useImprint(source) {
      imprintOf = source;
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

import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './server.ts';

export type ReceivedMail = { to: string[]; raw: string };

/** A local SMTP server that keeps what the platform sends, for tests that follow a mailed link. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link a plain-text mail carries, undoing quoted-printable soft line breaks. */
export function linkIn(raw: string, pathPart: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://\\S*${pathPart}\\S*`).exec(text);
  if (!match) throw new Error(`no link with ${pathPart} in:\n${text}`);
  return match[0];
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/**
 * A mailbox for a browser suite whose server sends real mail: it starts in a `beforeAll`
 * registered before the suite's, so that `env.SMTP_URL` is set when the server starts.
 */
export function suiteMailbox(): { env: Record<string, string>; mailbox: () => Mailbox } {
  const env: Record<string, string> = {};
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
    env.SMTP_URL = mailbox.url;
  });
  afterAll(() => mailbox?.close());
  return {
    env,
    mailbox: () => {
      if (!mailbox) throw new Error('the mailbox starts in beforeAll');
      return mailbox;
    },
  };
}

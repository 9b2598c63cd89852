import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  raw: string;
  /** Header names in lower case, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** The parts sent as attachments, decoded. */
  attachments: ReceivedAttachment[];
};

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

export type MailboxOptions = {
  /** Answers each delivery attempt (1, 2, ...): an error with an SMTP code refuses it. */
  refuse?: (attempt: number) => { code: number; message: string } | null;
};

/** A real SMTP server on a free local port that keeps what arrives, for `SMTP_URL` in tests. */
export async function startMailbox(options: MailboxOptions = {}) {
  const mails: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        const refusal = options.refuse?.(attempts);
        if (refusal) {
          return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    attempts: () => attempts,
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Record<string, string>; body: string };

/** Enough MIME for what nodemailer writes: headers, multipart, quoted-printable and base64. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const message = splitPart(raw);
  const leaves = flatten(message);
  const attachments = leaves
    .filter((p) => (p.headers['content-disposition'] ?? '').startsWith('attachment'))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/.exec(p.headers['content-disposition'] ?? '')?.[1] ?? '',
      contentType: (p.headers['content-type'] ?? '').split(';')[0]!.trim(),
      content: decodeBytes(p),
    }));
  const body = (type: string) => {
    const leaf = leaves.find(
      (p) =>
        (p.headers['content-type'] ?? 'text/plain').startsWith(type) &&
        !(p.headers['content-disposition'] ?? '').startsWith('attachment'),
    );
    return leaf ? decodeBody(leaf) : '';
  };
  return {
    headers: message.headers,
    subject: message.headers.subject ?? '',
    text: body('text/plain'),
    html: body('text/html'),
    attachments,
  };
}

/** An attachment's bytes (nodemailer sends them base64). */
function decodeBytes(part: Part): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(decodeBody(part), 'utf8');
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function flatten(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [part];
  return (
    part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      // The line end before a boundary belongs to the boundary (RFC 2046), not to the part.
      .flatMap((chunk) => flatten(splitPart(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))))
  );
}

/** The decoded body with the line ends of a mail program (SMTP sends CRLF). */
function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(part.body.replace(/=\r?\n/g, ''))
        : part.body;
  return body.replace(/\r\n/g, '\n');
}

function quotedPrintable(value: string): string {
  return Buffer.from(
    value.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** RFC 2047 words (`=?UTF-8?Q?...?=`), as in a subject with umlauts. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

import net from 'node:net';
import type { Readable } from 'node:stream';

/** What a scan found: clean, or infected with the named signature. */
export type ScanResult = { infected: false } | { infected: true; signature: string };

/**
 * Checks an upload's bytes before anyone else can have them. `open` gives a fresh stream of the
 * stored bytes. A scanner that cannot answer throws: the upload then fails rather than pass unchecked.
 */
export type VirusScanner = {
  kind: 'none' | 'clamav';
  scan(open: () => Promise<Readable>): Promise<ScanResult>;
};

export class ScannerError extends Error {}

/** The default: no scanner configured, every upload passes. */
export const noScanner: VirusScanner = { kind: 'none', scan: async () => ({ infected: false }) };

// clamd takes chunks of up to its StreamMaxLength in all; 64 KiB chunks keep memory flat.
const CHUNK_BYTES = 64 * 1024;

/** Where clamd listens: `host:port` for TCP, anything else is a unix socket path. */
export function clamdAddress(socket: string): net.NetConnectOpts {
  const tcp = /^(\[[^\]]+\]|[^/:]+):(\d+)$/.exec(socket);
  if (tcp) return { host: tcp[1]!.replace(/^\[|\]$/g, ''), port: Number(tcp[2]) };
  return { path: socket };
}

/**
 * Scans with ClamAV's daemon over its INSTREAM protocol: `zINSTREAM\0`, then chunks each led by
 * their length as a 4-byte big-endian number, then a zero length; clamd answers
 * `stream: OK`, `stream: <signature> FOUND` or `... ERROR` (for example when the stream exceeds
 * its StreamMaxLength, which must therefore be at least UPLOAD_MAX_BYTES).
 */
export function clamavScanner(socket: string, options: { timeoutMs?: number } = {}): VirusScanner {
  const address = clamdAddress(socket);
  const timeoutMs = options.timeoutMs ?? 5 * 60 * 1000;
  return {
    kind: 'clamav',
    async scan(open) {
      const source = await open();
      const reply = await new Promise<string>((resolve, reject) => {
        const connection = net.createConnection(address);
        const received: Buffer[] = [];
        let failed = false;
        const fail = (err: Error) => {
          if (failed) return;
          failed = true;
          source.destroy();
          connection.destroy();
          reject(err instanceof ScannerError ? err : new ScannerError(`clamd: ${err.message}`));
        };
        connection.setTimeout(timeoutMs, () => fail(new ScannerError('clamd did not answer in time')));
        connection.on('error', fail);
        connection.on('data', (chunk: Buffer) => received.push(chunk));
        let settled = false;
        connection.on('end', () => {
          if (failed) return;
          settled = true;
          source.destroy();
          resolve(Buffer.concat(received).toString('utf8'));
        });
        connection.on('close', () => {
          if (!settled) fail(new ScannerError('clamd closed the connection'));
        });
        connection.on('connect', async () => {
          try {
            connection.write('zINSTREAM\0');
            for await (const chunk of source as AsyncIterable<Buffer>) {
              for (let at = 0; at < chunk.length; at += CHUNK_BYTES) {
                const part = chunk.subarray(at, at + CHUNK_BYTES);
                const length = Buffer.alloc(4);
                length.writeUInt32BE(part.length);
                const more = connection.write(length) && connection.write(part);
                if (!more) await new Promise((go) => connection.once('drain', go).once('close', go));
                if (failed) return;
              }
            }
            connection.write(Buffer.alloc(4));
          } catch (err) {
            fail(err as Error);
          }
        });
      });
      return parseClamdReply(reply);
    },
  };
}

export function parseClamdReply(raw: string): ScanResult {
  const reply = raw.replace(/\0/g, '').trim();
  if (/^stream: OK$/.test(reply)) return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  if (found) return { infected: true, signature: found[1]! };
  throw new ScannerError(`clamd: ${reply || 'no answer'}`);
}

/** The scanner the configuration asks for. */
export function createScanner(clamdSocket: string | undefined): VirusScanner {
  return clamdSocket ? clamavScanner(clamdSocket) : noScanner;
}

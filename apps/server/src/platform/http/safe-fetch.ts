import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What a page fetched on a member's behalf gave: its final address, type and (cut) text. */
export type FetchedPage = { url: string; status: number; contentType: string; body: string };

export type SafeFetchOptions = {
  /** Bytes read at most; the rest of the body is not downloaded. */
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Only for tests against a local server: private and loopback addresses are refused otherwise. */
  allowPrivate?: boolean;
  userAgent?: string;
};

export class SafeFetchError extends Error {}

/**
 * Addresses a member's link may not make the server talk to: loopback, private networks,
 * link-local (cloud metadata), multicast, reserved. Only public unicast is allowed.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Resolves as usual, then refuses the connection when any address is not public (no DNS rebinding: the checked address is the one used). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (refused || list.length === 0) {
        return callback(new SafeFetchError(`address not allowed: ${hostname}`), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * GETs an http(s) page for the server itself (link previews): only public addresses (checked on
 * the address actually connected to), a few redirects each checked again, a time limit for the
 * whole fetch, and at most `maxBytes` of body, decoded as UTF-8 (or Latin-1 when the type says so).
 */
export async function safeFetchText(address: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? 512 * 1024;
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  const lookup = guardedLookup(options.allowPrivate ?? false);
  let url = new URL(address);
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('scheme not allowed');
    if (url.username || url.password) throw new SafeFetchError('credentials not allowed');
    // An address written as such is connected to without a lookup: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !options.allowPrivate && !isPublicAddress(literal)) {
      throw new SafeFetchError(`address not allowed: ${literal}`);
    }
    const answer = await getOnce(url, { maxBytes, deadline, lookup, userAgent: options.userAgent });
    if (answer.location && answer.status >= 300 && answer.status < 400) {
      if (redirects >= (options.maxRedirects ?? 3)) throw new SafeFetchError('too many redirects');
      url = new URL(answer.location, url);
      continue;
    }
    return { url: url.toString(), status: answer.status, contentType: answer.contentType, body: answer.body };
  }
}

function getOnce(
  url: URL,
  o: { maxBytes: number; deadline: number; lookup: LookupFunction; userAgent: string | undefined },
): Promise<{ status: number; contentType: string; location: string | null; body: string }> {
  const remaining = o.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new SafeFetchError('timeout'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: o.lookup,
        timeout: remaining,
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'identity',
          'user-agent': o.userAgent ?? 'Agora link preview',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        if (location || !/^(text\/html|application\/xhtml\+xml)/i.test(contentType)) {
          response.destroy();
          return resolve({ status, contentType, location, body: '' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(timer);
          const latin1 = /charset=(iso-8859-1|latin1|windows-1252)/i.test(contentType);
          resolve({
            status,
            contentType,
            location: null,
            body: Buffer.concat(chunks).toString(latin1 ? 'latin1' : 'utf8'),
          });
        };
        const timer = setTimeout(() => response.destroy(new SafeFetchError('timeout')), o.deadline - Date.now());
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the head of any page: stop downloading the rest.
          if (size >= o.maxBytes) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    request.on('timeout', () => request.destroy(new SafeFetchError('timeout')));
    request.on('error', reject);
  });
}

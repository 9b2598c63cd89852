import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webPush from 'web-push';
import type { PushMessage } from '@agora/contracts';
import { guardedLookup, isPublicAddress } from '../http/safe-fetch.ts';
import { PushError, type PushOutcome, type PushProvider, type PushTarget } from './push.ts';

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

export type WebPushOptions = {
  vapid: VapidConfig;
  /** Only for tests against a push service of their own: loopback and plain http are refused otherwise. */
  allowPrivate?: boolean;
  timeoutMs?: number;
};

/** Names a browser's push service never has: this machine and the local network's own. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i;

/**
 * Whether a member may register this Web Push endpoint: an https URL of a public host. The
 * server posts to it later, so no member may point it at this machine or the private network;
 * the address actually connected to is checked again when sending (names may change).
 */
export function checkWebPushEndpoint(endpoint: string, allowPrivate = false): string | null {
  // Push services' endpoints are plain ASCII; anything else would only bloat the device's index entry.
  if (!/^[\x21-\x7e]+$/.test(endpoint)) return 'invalid_url';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid_url';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'invalid_url';
  if (url.username || url.password || !url.hostname) return 'invalid_url';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'address_not_allowed';
  if (!host.includes('.') || LOCAL_NAMES.test(host)) return 'address_not_allowed';
  return null;
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292): the message is encrypted for the subscription's
 * keys (aes128gcm, RFC 8291) by the `web-push` package and posted by us, so that the connection
 * goes only to public addresses.
 */
export function createWebPushProvider(options: WebPushOptions): PushProvider {
  const allowPrivate = options.allowPrivate ?? false;
  const lookup = guardedLookup(allowPrivate);
  const timeout = options.timeoutMs ?? 10_000;

  function post(endpoint: URL, headers: Record<string, string>, body: Buffer): Promise<number> {
    const client = endpoint.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        endpoint,
        { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, lookup, timeout },
        (response) => {
          // The answer's body says nothing we act on.
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('timeout', () => request.destroy(new PushError('timeout')));
      request.on('error', reject);
      request.end(body);
    });
  }

  return {
    platform: 'web',
    checkToken: (token) => checkWebPushEndpoint(token, allowPrivate),
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      const problem = checkWebPushEndpoint(target.token, allowPrivate);
      if (problem) return 'gone';
      const p256dh = target.keys?.p256dh;
      const auth = target.keys?.auth;
      if (!p256dh || !auth) return 'gone';
      let details: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        details = webPush.generateRequestDetails(
          { endpoint: target.token, keys: { p256dh, auth } },
          JSON.stringify(message),
          {
            vapidDetails: options.vapid,
            TTL: 24 * 60 * 60,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch {
        // Keys the browser never made (a wrong length, not a point of the curve): it cannot be reached.
        return 'gone';
      }
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      const status = await post(new URL(details.endpoint), headers, details.body ?? Buffer.alloc(0));
      if (status === 404 || status === 410) return 'gone';
      if (status >= 200 && status < 300) return 'sent';
      throw new PushError(`push service answered ${status}`);
    },
  };
}

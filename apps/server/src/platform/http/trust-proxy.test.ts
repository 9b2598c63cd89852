import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config.ts';
import { sameOrigin } from '../realtime/handshake.ts';
import { trustFunction } from './trust-proxy.ts';

/** A request as it reaches the server: from this peer, with these headers. */
const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

/** The client's address as Fastify reads it with TRUST_PROXY set to `setting`. */
function clientOf(setting: string, peer: string, forwardedFor?: string): string {
  const trust = trustFunction(parseTrustProxy(setting)!);
  const req = request(peer, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
  return trust ? proxyAddr(req, trust) : peer;
}

describe('TRUST_PROXY', () => {
  it('believes nothing when false', () => {
    expect(clientOf('false', '10.0.0.2', '203.0.113.7')).toBe('10.0.0.2');
  });

  it('takes the address the farthest trusted proxy saw, ignoring what the client made up before it', () => {
    expect(clientOf('1', '10.0.0.2', '192.0.2.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('true', '127.0.0.1', '192.0.2.1, 203.0.113.7')).toBe('203.0.113.7');
    // Two proxies: the second appended the first's peer.
    expect(clientOf('2', '10.0.0.2', '192.0.2.1, 203.0.113.7, 198.51.100.3')).toBe('203.0.113.7');
    expect(clientOf('10.0.0.2', '10.0.0.2', '192.0.2.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('10.0.0.0/8,198.51.100.3', '10.0.0.2', '192.0.2.1, 203.0.113.7, 198.51.100.3')).toBe('203.0.113.7');
  });

  it('does not believe a client that reaches the server directly', () => {
    // A hop count needs its nearest proxy on a loopback or private address.
    expect(clientOf('1', '198.51.100.50', '192.0.2.1')).toBe('198.51.100.50');
    expect(clientOf('1', '::ffff:198.51.100.50', '192.0.2.1')).toBe('::ffff:198.51.100.50');
    expect(clientOf('1', '::ffff:10.0.0.2', '192.0.2.1')).toBe('192.0.2.1');
    expect(clientOf('10.0.0.2', '10.0.0.3', '192.0.2.1')).toBe('10.0.0.3');
  });

  it('gives the realtime handshake the same rule for X-Forwarded-Host', () => {
    const allow = sameOrigin({ trustProxy: trustFunction({ hops: 1 }), publicUrl: 'https://agora.example.org' });
    const handshake = (peer: string) =>
      request(peer, { origin: 'https://other.example.org', 'x-forwarded-host': 'other.example.org' });
    expect(allow(handshake('10.0.0.2'))).toBe(true);
    expect(allow(handshake('198.51.100.50'))).toBe(false);
    const untrusting = sameOrigin({ trustProxy: false, publicUrl: 'https://agora.example.org' });
    expect(untrusting(handshake('10.0.0.2'))).toBe(false);
  });
});

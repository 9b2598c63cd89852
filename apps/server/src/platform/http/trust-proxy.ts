import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../../config.ts';

/** Whether the hop at this address (0: the peer of the connection, 1: the one before it...) is a proxy of ours. */
export type TrustFunction = (address: string, hop: number) => boolean;

/** Loopback, link-local and private (RFC 1918, fc00::/7) addresses, where a deployment's own proxies connect from. */
const nearby = proxyAddr.compile(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The trust function of TRUST_PROXY, given both to Fastify (the client's address, host and
 * protocol of a request) and to the realtime handshake, so that both read X-Forwarded-* alike.
 *
 * A hop count believes that many proxies and takes the address the farthest of them saw;
 * whatever a client wrote into X-Forwarded-For before them is ignored. Fastify itself refuses
 * bare hop counts because a client that reaches the server directly could then name any
 * address: here the nearest hop must connect from a loopback or private address, and a proxy
 * connecting from a public address is named by its address instead.
 */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false) return false;
  if ('addresses' in trust) return proxyAddr.compile(trust.addresses);
  const { hops } = trust;
  return (address, hop) => hop < hops && (hop > 0 || nearby(address, 0));
}

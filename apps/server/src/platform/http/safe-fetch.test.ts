import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetchText } from './safe-fetch.ts';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<html><head><title>Grüße</title></head><body>x</body></html>');
    }
    if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'text/html' });
      // Never ends by itself: the reader must stop at its limit.
      const chunk = 'a'.repeat(16 * 1024);
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (url.pathname === '/slow') return; // never answers
    if (url.pathname === '/pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return response.end('%PDF');
    }
    if (url.pathname.startsWith('/hop/')) {
      const left = Number(url.pathname.slice(5));
      response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/page' });
      return response.end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('isPublicAddress', () => {
  it('allows public unicast only', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('safeFetchText', () => {
  it('refuses a loopback host, and other schemes and credentials', async () => {
    await expect(safeFetchText(`${base}/page`)).rejects.toThrow(/not allowed/);
    await expect(safeFetchText('http://127.0.0.1:1/')).rejects.toThrow(/not allowed/);
    await expect(safeFetchText('file:///etc/passwd')).rejects.toThrow(/scheme/);
    await expect(safeFetchText(`http://user:pw@${base.slice(7)}/page`, { allowPrivate: true })).rejects.toThrow(
      /credentials/,
    );
  });

  it('reads a page, following a few redirects', async () => {
    const page = await safeFetchText(`${base}/hop/2`, { allowPrivate: true });
    expect(page).toMatchObject({ url: `${base}/page`, status: 200 });
    expect(page.body).toContain('<title>Grüße</title>');
    await expect(safeFetchText(`${base}/hop/5`, { allowPrivate: true, maxRedirects: 3 })).rejects.toThrow(/redirects/);
  });

  it('stops at its byte limit and its time limit, and reads no body that is not HTML', async () => {
    const big = await safeFetchText(`${base}/big`, { allowPrivate: true, maxBytes: 64 * 1024 });
    expect(big.body.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(big.body.length).toBeLessThan(200 * 1024);
    await expect(safeFetchText(`${base}/slow`, { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow();
    const pdf = await safeFetchText(`${base}/pdf`, { allowPrivate: true });
    expect(pdf).toMatchObject({ status: 200, contentType: 'application/pdf', body: '' });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';
import { requestContext } from '../auth/request-context.ts';

let t: TestApp;
let networkId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
});
afterAll(() => t.close());

describe('health check', () => {
  it('answers GET /healthz with ok', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: process.env.REDIS_URL ? 'ok' : 'not_configured',
    });
  });
});

describe('unknown paths', () => {
  it('answers an unknown API path with a JSON 404, also to an anonymous request', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'not_found' });
  });

  it('answers an unknown API path with JSON even when the client asks for HTML', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
  });
});

describe('page requests', () => {
  it('answers 503 with a hint to build when the web app is not built', async () => {
    expect(fs.existsSync(t.config.webDistDir)).toBe(false);
    const response = await t.app.inject({ url: '/users/sign_in', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
  });

  it('never gives the web app for an API path: a page request for one gets JSON', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/network', headers: { accept: 'text/html' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
    expect(anonymous.json()).toEqual({ error: 'unauthorized' });

    const { session } = await signedInMember(t.app, t.services, networkId);
    const signedIn = await t.app.inject({
      url: '/api/v1/network',
      headers: { ...session.headers, accept: 'text/html,application/xhtml+xml' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: networkId });
  });

  describe('with a built web app', () => {
    let dist: string;
    let web: TestApp;

    beforeAll(async () => {
      dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-web-dist-'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
      fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("agora");');
      fs.writeFileSync(path.join(dist, 'assets', 'app.js.br'), zlib.brotliCompressSync('console.log("agora");'));
      fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      web = await createTestApp({ WEB_DIST_DIR: dist });
      await createNetwork(web.services);
    });
    afterAll(async () => {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('answers a page route that asks for HTML with index.html', async () => {
      const response = await web.app.inject({ url: '/appointments/123', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('serves the hashed assets with a long, immutable cache', async () => {
      const response = await web.app.inject({ url: '/assets/app.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('console.log("agora");');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.headers['cache-control']).toContain('max-age=31536000');
    });

    it('sends the compressed copy of an asset to a browser that accepts it', async () => {
      const brotli = await web.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("agora");');
      // No gzip copy: the file as it is.
      const plain = await web.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log("agora");');
    });

    it('answers 404 for an asset that does not exist rather than the app', async () => {
      const response = await web.app.inject({ url: '/assets/missing.js', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    });

    it('serves the files at the root of the build with a short cache', async () => {
      const response = await web.app.inject({ url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('still answers an API path with JSON', async () => {
      const response = await web.app.inject({ url: '/api/v1/network', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized' });
    });
  });
});

describe('routes declare who may call them', () => {
  async function appWithRequestContext() {
    const app = Fastify({ logger: false });
    await app.register(fastifyCookie, { secret: 'a-secret-a-secret-a-secret-a-secret' });
    await app.register(requestContext, {
      resolveNetwork: async () => ({ id: 'network', name: 'Network', language: 'en' }),
      resolveSession: async () => null,
    });
    return app;
  }

  it('refuses to start with a route that declares no auth rule', async () => {
    const app = await appWithRequestContext();
    try {
      void app.register(async (plugin) => {
        plugin.get('/x', async () => ({ ok: true }));
      });
      await expect(app.ready()).rejects.toThrow(/GET \/x declares no auth rule/);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('starts with routes that declare one, and enforces it', async () => {
    const app = await appWithRequestContext();
    try {
      await app.register(async (plugin) => {
        plugin.get('/open', { config: { auth: 'public' } }, async () => ({ ok: true }));
        plugin.get('/closed', { config: { auth: 'member' } }, async () => ({ ok: true }));
      });
      await app.ready();
      expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/closed' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('the built server', () => {
  it('prints where to sign in and the demo accounts', () => {
    expect(server.output()).toContain(`Sign in at ${server.url}/users/sign_in`);
    for (const email of ['anna.admin@example.com', 'max.member@example.com', 'gina.guest@example.com']) {
      expect(server.output()).toContain(email);
    }
  });

  it('serves the web app for page routes, with a content security policy', async () => {
    const response = await fetch(`${server.url}/appointments/123`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers data requests on the same paths with JSON', async () => {
    const response = await fetch(`${server.url}/api/v1/network`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'unauthorized' });
  });

  it('describes its API with OpenAPI', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    const spec = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/users/sign_in', '/api/v1/network', '/api/v1/session']),
    );
  });

  it('stops gracefully on SIGTERM', async () => {
    const started = Date.now();
    const code = await server.terminate();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

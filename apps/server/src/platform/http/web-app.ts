import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { WEB_APP_ROUTE } from './content-negotiation.ts';

/**
 * Serves the built web app from the API's port: index.html for every page route, hashed assets
 * with a year-long cache, and the few files Vite copies to the root (favicon). The build writes a
 * brotli and a gzip copy beside each asset (apps/web/scripts/compress-assets.mjs): a browser that
 * accepts one gets it, without the server compressing anything per request.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  // cacheControl: false, or the plugin would replace the cache-control each route sets below.
  await app.register(fastifyStatic, { root: distDir, serve: false, cacheControl: false, preCompressed: true });
  const indexFile = path.join(distDir, 'index.html');

  app.get(WEB_APP_ROUTE, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    if (!fs.existsSync(indexFile)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });

  app.get(
    '/assets/*',
    { config: { auth: 'public', network: false }, schema: { hide: true } },
    async (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.posix.join('assets', file));
    },
  );

  const rootFiles = fs.existsSync(distDir)
    ? fs.readdirSync(distDir, { withFileTypes: true }).filter((e) => e.isFile() && e.name !== 'index.html')
    : [];
  for (const entry of rootFiles) {
    app.get(
      `/${entry.name}`,
      { config: { auth: 'public', network: false }, schema: { hide: true } },
      async (_r, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return reply.sendFile(entry.name);
      },
    );
  }
}

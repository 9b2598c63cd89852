import { buildApp, type Services } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openEmbeddedDatabase } from '../platform/db/embedded.ts';
import { seedDemo } from './demo.ts';

export type DemoServer = { url: string; services: Services; close(): Promise<void> };

/**
 * For the end-to-end tests that must act on the server as one of its modules would (a
 * notification made server-side, say): the demo network in this process, on its own
 * embedded database (as `npm start` makes it), listening on the given port.
 */
export async function startDemoServer(env: Record<string, string>): Promise<DemoServer> {
  const config = loadConfig(env);
  const database = await openEmbeddedDatabase(config.dataDir, config.embeddedDatabase);
  await database.migrate();
  const app = await buildApp(config, database);
  await seedDemo(app.services);
  await app.listen({ port: config.port, host: config.host });
  return {
    url: config.publicUrl,
    services: app.services,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A PNG of random noise: it compresses badly, so its upload takes long enough to watch. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
}

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './platform/db/client.ts';
import { openEmbeddedDatabase } from './platform/db/embedded.ts';
import { persistedSessionSecret } from './platform/auth/session-secret.ts';
import { DEMO_ACCOUNTS, seedDemo } from './seed/index.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const loaded = loadConfig();
  const config = loaded.sessionSecretGenerated
    ? { ...loaded, sessionSecret: persistedSessionSecret(loaded.dataDir) }
    : loaded;
  // Without DATABASE_URL the database lives in DATA_DIR: a PostgreSQL server this process runs
  // and stops (or PGlite, when asked for).
  const database = config.databaseUrl
    ? { ...(await openDatabase({ databaseUrl: config.databaseUrl })), engine: undefined }
    : await openEmbeddedDatabase(config.dataDir, config.embeddedDatabase, { warn: (m) => console.warn(m) });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = await buildApp(config, database);
  // The demo network fills an empty embedded database; a real PostgreSQL only on request.
  const wantDemo = !config.databaseUrl || process.argv.includes('--demo');
  if (wantDemo && (await app.services.networks.count()) === 0) await seedDemo(app.services);
  const demoPresent = await app.services.accounts.exists(DEMO_ACCOUNTS[0].email);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A library's promise nobody awaits (the Socket.IO Redis adapter's subscriptions while Redis
  // is away) must not stop the server for everyone: it is logged, and the service it belongs
  // to recovers when the connection does.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(config.publicUrl, database.engine, demoPresent);
}

function printBanner(url: string, engine: 'postgres' | 'pglite' | undefined, demo: boolean) {
  const database =
    engine === 'postgres' ? 'embedded PostgreSQL' : engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
  const lines = ['', `  Agora is running at ${url}`, `  Sign in at ${url}/users/sign_in  (database: ${database})`];
  if (demo) {
    lines.push('', '  Demo accounts (password for each: demo-password):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(28)} ${a.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { openEmbeddedDatabase } from '../platform/db/embedded.ts';
import { largeEmail, seedLarge } from './large.ts';

// npm run seed:large -- --members 10000 [--groups 100]
const { values } = parseArgs({
  options: { members: { type: 'string', default: '10000' }, groups: { type: 'string' } },
});
const members = Number(values.members);
if (!Number.isInteger(members) || members < 1) {
  console.error('--members takes a whole number above 0');
  process.exit(1);
}

const config = { ...loadConfig(), logLevel: 'silent' };
// The database `npm start` would open on the same settings.
const database = config.databaseUrl
  ? await openDatabase({ databaseUrl: config.databaseUrl })
  : await openEmbeddedDatabase(config.dataDir, config.embeddedDatabase, { warn: (m) => console.warn(m) });
await database.migrate();
const app = await buildApp(config, database);
const started = Date.now();
const result = await seedLarge(app.services, { members, groups: values.groups ? Number(values.groups) : undefined });
console.log(
  `Created network "${result.network.name}" with ${result.memberIds.length} members and ${result.groupCount} groups in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
console.log(`Sign in as ${largeEmail(0)} (network admin) with the password bench-password.`);
await app.close();
await database.close();

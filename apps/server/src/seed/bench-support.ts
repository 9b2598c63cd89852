import path from 'node:path';
import { createServices } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { createMailer } from '../platform/mail/mailer.ts';
import { seedLarge, type LargeNetworkOptions } from './large.ts';

export { largeEmail } from './large.ts';

/**
 * For the benchmarks (bench/): migrates the embedded database in `dataDir/pglite`, seeds a large
 * network into it and closes it again, so that a server started on the same DATA_DIR finds it.
 */
export async function seedLargeInto(dataDir: string, options: LargeNetworkOptions) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const mailer = createMailer({ db: database.db, from: config.mailFrom });
    const result = await seedLarge(createServices(database, config, mailer), options);
    mailer.close();
    return { databaseKind: database.kind, members: result.memberIds.length, groups: result.groupCount };
  } finally {
    await database.close();
  }
}

import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createServices } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { createJobs } from '../platform/jobs/jobs.ts';
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
    // Never started: a mail the seed sends waits in the queue for the server.
    const jobs = createJobs({ database });
    const mailer = createMailer({ db: database.db, jobs, from: config.mailFrom, mailImprint: async () => '' });
    const result = await seedLarge(createServices(database, config, mailer, jobs), options);
    mailer.close();
    // PGlite has no autovacuum: without statistics its planner takes the fresh tables for nearly
    // empty ones and skips the trigram index. Measured is a database with statistics, as
    // PostgreSQL's autovacuum keeps it.
    await database.db.execute(sql`vacuum analyze`);
    return { databaseKind: database.kind, members: result.memberIds.length, groups: result.groupCount };
  } finally {
    await database.close();
  }
}

/**
 * Distinct photo-like JPEGs for the storage benchmark: smooth random blotches, which compress
 * and decode like photographs do (plain noise would not).
 */
export async function benchPhotos(count: number, width = 3000, height = 2000): Promise<Buffer[]> {
  const { default: sharp } = await import('sharp');
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const seed = sharp({
      create: {
        width: Math.ceil(width / 10),
        height: Math.ceil(height / 10),
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    });
    const small = await seed.png().toBuffer();
    photos.push(await sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 85 }).toBuffer());
  }
  return photos;
}

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as rrulePackage from 'rrule';
import { createServices } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { openEmbeddedDatabase, type EmbeddedEngine } from '../platform/db/embedded.ts';
import { seedLargeCalendars, type LargeCalendarsResult } from './large-calendars.ts';
import { seedLargeCapacity, type LargeCapacityResult } from './large-capacity.ts';
import { seedLargeChat, type LargeChatResult } from './large-chat.ts';
import { seedJoinBench, type JoinBenchResult } from './large-membership.ts';
import { seedLargeParticipation, type LargeParticipationResult } from './large-participation.ts';
import { seedLarge, type LargeNetworkOptions } from './large.ts';

export { measureEvents, type EventsFigures } from './bench-events.ts';
export { measureCsvInvite, type CsvInviteFigures } from './bench-invites.ts';
export { measureDirectMessages, type DirectMessageFigures } from './bench-messages.ts';
export { measureActivities, type ActivityFigures } from './bench-activities.ts';
export { measureFiles, type FilesFigures } from './bench-files.ts';
export { measureSearch, type SearchFigures } from './bench-search.ts';
export { measureSignIn, type SignInFigures } from './bench-sign-in.ts';
export { largeEmail } from './large.ts';
export {
  generateLargeSeries,
  generateLargeSingles,
  largeIcsEvents,
  LARGE_CALENDAR_ZONE,
  type LargeCalendarsResult,
} from './large-calendars.ts';
export { buildCalendar, type IcsEvent } from '../modules/appointments/ics.ts';
export { occurrencesBetween, type SeriesRule } from '../modules/appointments/recurrence.ts';

// rrule's main file is a UMD bundle: Node's ESM sees only its default export. The benchmark
// compares our expansion with it.
const { RRule } = (rrulePackage as unknown as { default?: typeof rrulePackage }).default ?? rrulePackage;
export { RRule };

export type BenchSeedOptions = LargeNetworkOptions & {
  /** Also the 50 calendars with 22,000 appointments of large-calendars.ts. */
  calendars?: boolean;
  /** Also 100,000 invites and a group of 5,000 members (large-participation.ts). */
  participation?: boolean;
  /** Also group chats of a few members each for the chat benchmark (large-chat.ts). */
  chat?: { chats: number; size: number };
  /** Also chats with messages and open invites for this many simulated members (large-capacity.ts). */
  capacity?: { members: number };
};
export type { LargeParticipationResult } from './large-participation.ts';
export type { LargeChatResult } from './large-chat.ts';
export type { LargeCapacityResult } from './large-capacity.ts';
export type { JoinBenchResult, JoinBenchSession } from './large-membership.ts';

export type BenchSeedResult = {
  databaseKind: Database['kind'];
  /** The embedded engine the network was seeded into (seedLargeInto only). */
  engine?: EmbeddedEngine;
  members: number;
  groups: number;
  calendars: LargeCalendarsResult | null;
  participation: LargeParticipationResult | null;
  chat: LargeChatResult | null;
  capacity: LargeCapacityResult | null;
};

/**
 * For the benchmarks (bench/): migrates the embedded database of `dataDir` (PostgreSQL in
 * `dataDir/postgres`, or PGlite in `dataDir/pglite` with `engine: 'pglite'` or
 * EMBEDDED_DATABASE=pglite), seeds a large network into it and closes it again, so that a server
 * started on the same DATA_DIR finds it.
 */
export async function seedLargeInto(
  dataDir: string,
  options: BenchSeedOptions & { engine?: EmbeddedEngine },
): Promise<BenchSeedResult> {
  const engine = options.engine ?? (process.env.EMBEDDED_DATABASE as EmbeddedEngine | undefined);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', EMBEDDED_DATABASE: engine });
  const database = await openEmbeddedDatabase(config.dataDir, engine ?? 'postgres', { poolSize: 4 });
  return { ...(await seedDatabase(database, config, options)), engine: database.engine };
}

/** Whether a PostgreSQL server answers at `url` (for the benchmark's PostgreSQL runs). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Seeds the same large network into a new database of the PostgreSQL server at `adminUrl`
 * (files under `dataDir`, for the server started on it); answers its URL and how to drop it.
 */
export async function seedLargeIntoPostgres(
  adminUrl: string,
  dataDir: string,
  options: BenchSeedOptions,
): Promise<BenchSeedResult & { databaseUrl: string; drop(): Promise<void> }> {
  const name = `agora_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  try {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    const seeded = await seedDatabase(await openDatabase({ databaseUrl, poolSize: 4 }), config, options);
    return { ...seeded, databaseUrl, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function seedDatabase(
  database: Database,
  config: ReturnType<typeof loadConfig>,
  options: BenchSeedOptions,
): Promise<BenchSeedResult> {
  try {
    await database.migrate();
    // Never started: a mail the seed sends waits in the queue for the server.
    const services = createServices(database, config);
    const { jobs, mailer } = services;
    if (database.kind === 'postgres') {
      // pg-boss creates its schema and queues when a server starts; several at once on a fresh
      // PostgreSQL database can deadlock (create_queue), so they are made here one by one.
      await jobs.start();
      await jobs.stop();
    }
    const result = await seedLarge(services, options);
    const calendars = options.calendars
      ? await seedLargeCalendars(services, result.network.id, { memberIds: result.memberIds, viewerIndex: 1 })
      : null;
    const participation = options.participation
      ? await seedLargeParticipation(services, result.network.id, { memberIds: result.memberIds, viewerIndex: 1 })
      : null;
    const chat = options.chat
      ? await seedLargeChat(services, result.network.id, {
          memberIds: result.memberIds,
          directChats: true,
          ...options.chat,
        })
      : null;
    const capacity = options.capacity
      ? await seedLargeCapacity(services, result.network.id, { memberIds: result.memberIds, ...options.capacity })
      : null;
    mailer.close();
    // PGlite has no autovacuum: without statistics its planner takes the fresh tables for nearly
    // empty ones and skips the trigram index. Measured is a database with statistics, as
    // PostgreSQL's autovacuum keeps it (and, right after a bulk load, has not yet done).
    await database.db.execute(sql`vacuum analyze`);
    return {
      databaseKind: database.kind,
      members: result.memberIds.length,
      groups: result.groupCount,
      calendars,
      participation,
      chat,
      capacity,
    };
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

/**
 * For the join benchmark (bench/group-join.ts): a network of `members` members with sessions and
 * a closed group, on the embedded database in `dataDir/pglite` or, with `adminUrl`, in a new
 * database of that PostgreSQL server (answered with its URL and how to drop it).
 */
export async function seedJoinBenchInto(
  dataDir: string,
  members: number,
  adminUrl?: string,
): Promise<JoinBenchResult & { databaseUrl: string | null; drop(): Promise<void> }> {
  let databaseUrl: string | null = null;
  let drop = async () => {};
  if (adminUrl) {
    const name = `agora_join_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, poolSize: 4 } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    const services = createServices(database, config);
    if (database.kind === 'postgres') {
      await services.jobs.start();
      await services.jobs.stop();
    }
    const seeded = await seedJoinBench(services, database.db, members);
    services.mailer.close();
    await database.db.execute(sql`vacuum analyze`);
    return { ...seeded, databaseUrl, drop };
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await database.close();
  }
}

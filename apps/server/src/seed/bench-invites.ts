import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';

export type CsvInviteFigures = {
  rows: number;
  invited: number;
  /** Until the upload was answered: every invite written, with its events. */
  answeredSeconds: number;
  /** Until every invitation mail was in the job queue (`mail.send`), as the poll saw it. */
  queuedSeconds: number | null;
  /** The first and the last mail job's creation time, from the upload's start (the job table's clock). */
  firstJobSeconds: number | null;
  lastJobSeconds: number | null;
  mailsQueued: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapPeakMb: number;
};

const QUEUE_TIMEOUT_MS = 20 * 60_000;
const PASSWORD = 'bench-invite-password';

/** The upload: a header row and `rows` people with umlauts, as a spreadsheet on Windows writes it. */
function csvOf(rows: number): Buffer {
  const lines = ['E-Mail;Vorname;Nachname'];
  for (let i = 0; i < rows; i++) lines.push(`person-${i}@invite.bench.test;Jürgen ${i};Müller-Weiß`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

function multipart(csv: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----agora-bench-invites';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('subject', 'Einladung') +
    field('body', 'Hallo,\n\nwillkommen im Netzwerk.') +
    field('character_encoding', 'ISO-8859-1') +
    `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), csv, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A network admin invites `rows` people by a CSV upload (`POST /administration/external_invites`),
 * on the embedded database in a temporary folder, the server in this process (so that the job
 * table can be watched while it works; its memory is this process's). Measures until the upload
 * is answered and until every invitation mail is queued, and the resident memory at its peak.
 */
export async function measureCsvInvite(options: { rows: number }): Promise<CsvInviteFigures> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-bench-invites-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: scratch,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-invites-secret-bench-invites-0000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const database = await openDatabase({ pgliteDir: path.join(scratch, 'pglite') });
  await database.migrate();
  const app = await buildApp(config, database);
  let timer: NodeJS.Timeout | undefined;
  try {
    await app.ready();
    const { services } = app;
    const network = await services.networks.create({ name: 'Invite bench', language: 'de', host: null });
    const [user] = await services.accounts.createUsers([{ email: 'admin@invite.bench.test', password: PASSWORD }]);
    await services.members.create({
      networkId: network.id,
      userId: user!.id,
      firstName: 'Anna',
      lastName: 'Admin',
      networkAdmin: true,
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email: user!.email, password: PASSWORD } },
    });
    const cookie = signIn.cookies.find((c) => c.name === 'agora_session')!;
    const csrf = signIn.json<{ csrf_token: string }>().csrf_token;
    await services.events.settled();

    const countQueued = async (since: Date) => {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and created_on >= ${since.toISOString()}::timestamptz`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]?.n ?? 0;
    };

    const { payload, contentType } = multipart(csvOf(options.rows));
    global.gc?.();
    const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
    let rssPeak = rssBeforeMb;
    let heapPeak = process.memoryUsage().heapUsed / 1024 / 1024;
    timer = setInterval(() => {
      const usage = process.memoryUsage();
      rssPeak = Math.max(rssPeak, usage.rss / 1024 / 1024);
      heapPeak = Math.max(heapPeak, usage.heapUsed / 1024 / 1024);
    }, 20);
    const since = new Date(Date.now() - 1000);
    const startedAt = Date.now();
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/administration/external_invites',
      headers: {
        cookie: `agora_session=${cookie.value}`,
        'x-csrf-token': csrf,
        accept: 'application/json',
        'content-type': contentType,
      },
      payload,
    });
    const answeredSeconds = (performance.now() - started) / 1000;
    if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
    const invited = response.json<{ invited: number }>().invited;

    let queued = 0;
    let queuedSeconds: number | null = null;
    const deadline = Date.now() + QUEUE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      queued = await countQueued(since);
      if (queued >= invited) {
        queuedSeconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(timer);
    const jobs = (await database.db.execute(
      sql`select min(created_on) as first, max(created_on) as last from pgboss.job where name = 'mail.send' and created_on >= ${since.toISOString()}::timestamptz`,
    )) as unknown as { rows: Array<{ first: unknown; last: unknown }> };
    const fromStart = (value: unknown) => (value ? (new Date(value as string).getTime() - startedAt) / 1000 : null);
    return {
      rows: options.rows,
      invited,
      answeredSeconds,
      queuedSeconds,
      firstJobSeconds: fromStart(jobs.rows[0]?.first),
      lastJobSeconds: fromStart(jobs.rows[0]?.last),
      mailsQueued: queued,
      rssBeforeMb,
      rssPeakMb: Math.max(rssPeak, process.memoryUsage().rss / 1024 / 1024),
      heapPeakMb: heapPeak,
    };
  } finally {
    clearInterval(timer);
    await app.close();
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

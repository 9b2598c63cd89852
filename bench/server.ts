import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
/** PGlite loads the whole 10,000-member network into memory before it answers. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
/** High enough that the sign-in scenario measures password hashing, not the rate limiter. */
const NO_LIMIT = '1000000000';

export type RunningServer = {
  url: string;
  /** The server's process id, for sampling its memory. */
  pid: number;
  /** The database it runs on, as its banner names it ("embedded PostgreSQL", "embedded PGlite", "PostgreSQL"). */
  database(): string;
  /** Milliseconds from the spawn until it answered /healthz. */
  startMs: number;
  /** The last lines the server printed, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not ended after a while. */
  stop(): Promise<void>;
  /** SIGKILL at once, for process exit handlers that cannot wait. */
  kill(): void;
};

export type ServerOptions = {
  databaseUrl?: string;
  /** Several processes share rooms through this Redis; they need the same database and secret too. */
  redisUrl?: string;
  redisKeyPrefix?: string;
  sessionSecret?: string;
  /** More environment for the server (budgets a scenario needs larger, say). */
  env?: Record<string, string>;
  /** Options for node itself, before the server's file (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /**
   * Without `databaseUrl`: the embedded engine (EMBEDDED_DATABASE); unset, the server's default
   * (PostgreSQL it runs itself), or what EMBEDDED_DATABASE of the bench's environment says.
   */
  embedded?: 'postgres' | 'pglite';
};

/**
 * Starts the built server (apps/server/dist/main.js) on DATA_DIR `dataDir` and waits until it is
 * healthy; on its embedded database unless `databaseUrl` names a PostgreSQL one.
 */
export async function startServer(dataDir: string, options: ServerOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build -w @agora/server\` first.`);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The benchmark runs on its own database (embedded unless asked for), without outside services.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_BUCKET', 'PUBLIC_URL', 'TRUST_PROXY'])
    delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  if (options.redisKeyPrefix) env.REDIS_KEY_PREFIX = options.redisKeyPrefix;
  if (options.embedded) env.EMBEDDED_DATABASE = options.embedded;
  Object.assign(env, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SESSION_SECRET: options.sessionSecret ?? randomBytes(32).toString('hex'),
    SIGN_IN_LIMIT_PER_ADDRESS: NO_LIMIT,
    SIGN_IN_LIMIT_PER_IP: NO_LIMIT,
    ...options.env,
  });

  const spawned = Date.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let database = options.databaseUrl ? 'PostgreSQL' : 'embedded';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    database = /\(database: ([^)]+)\)/.exec(text)?.[1] ?? database;
    lines.push(...text.split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    database: () => database,
    startMs: 0,
    output: () => lines.join('\n'),
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    kill() {
      if (running()) child.kill('SIGKILL');
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(server.url))) {
    if (!running() || Date.now() > deadline) {
      await server.stop();
      throw new Error(
        `The server did not become healthy (exit code ${child.exitCode}). Its output:\n${server.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.startMs = Date.now() - spawned;
  return server;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether a Redis server answers PING at `url`. */
export function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

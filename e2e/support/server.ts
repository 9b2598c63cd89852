import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverMain = path.join(root, 'apps', 'server', 'dist', 'main.js');

export type RunningServer = {
  url: string;
  dataDir: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number | null>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server as `npm start` would, on an empty embedded database of its own, so
 * that it creates the demo network. `npm run build` must have run (npm run test:e2e does it).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-0000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok && output.includes('Agora is running')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    dataDir,
    output: () => output,
    async terminate() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type InProcessServer = Awaited<ReturnType<typeof startInProcessServer>>;

/** What the in-process demo servers run with, the template's seeding one included. */
export const DEMO_SERVER_ENV = {
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-0000',
};

/**
 * The demo network served from this test process, so that a test can act as a module of the
 * server would (create a notification, say) and watch the browser receive it. Its database is
 * a copy of the run's seeded template (global-setup.ts), which saves each file the embedded
 * PostgreSQL's initdb, the migrations and the seed.
 */
export async function startInProcessServer(env: Record<string, string> = {}) {
  const { startDemoServer } = await import('@agora/server/e2e-support');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = await startDemoServer(
    { ...DEMO_SERVER_ENV, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url, ...env },
    inject('demoTemplate'),
  );
  return {
    url,
    services: server.services,
    async stop() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

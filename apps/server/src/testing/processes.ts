import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD } from './factories.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
// tsx compiles the server at each start: on a busy machine of two cores that has taken over 45 s.
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export type ServerProcess = { url: string; child: ChildProcess; output: string[] };

/**
 * One server process, as deployed: `src/main.ts` (through tsx, so that the code under test is
 * what runs, never a stale build) on its own port, against the shared database and Redis.
 */
export function spawnProcess(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { url: `http://127.0.0.1:${port}`, child, output };
}

export async function untilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(server.url))) {
    if (server.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`Server process did not start (exit ${server.child.exitCode}):\n${server.output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ends a process at once, as a crash or a power cut would: nothing of it runs any more. */
export async function killProcess(server: ServerProcess | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function stopProcess(server: ServerProcess | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Signs in over HTTP, as a browser would: the session cookie and the CSRF token. */
export async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user: { email, password: TEST_PASSWORD } }),
  });
  if (response.status !== 200) throw new Error(`Sign-in of ${email} answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('agora_session='))!;
  const { csrf_token: csrf } = (await response.json()) as { csrf_token: string };
  return { cookie, csrf };
}

/** The chat credentials a page asks for before it opens its socket (good on every process). */
export async function chatToken(url: string, session: { cookie: string; csrf: string }): Promise<string> {
  const response = await fetch(`${url}/api/v1/chat_token`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`The chat token answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

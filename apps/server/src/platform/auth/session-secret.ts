import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Without SESSION_SECRET, a single-machine install keeps a generated secret in its data
 * directory, so that a restart does not sign everyone out. Several processes must share one
 * SESSION_SECRET instead (see docs/deployment.md).
 */
export function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { persistedSessionSecret } from './session-secret.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-secret-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('persistedSessionSecret', () => {
  it('generates a secret once and keeps it across restarts', () => {
    const dir = tempDir();
    const first = persistedSessionSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(persistedSessionSecret(dir)).toBe(first);
  });

  it('keeps the file readable by its owner only', () => {
    const dir = tempDir();
    persistedSessionSecret(dir);
    expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it('replaces a secret too short to sign with', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'session-secret'), 'short');
    expect(persistedSessionSecret(dir)).toHaveLength(64);
  });
});

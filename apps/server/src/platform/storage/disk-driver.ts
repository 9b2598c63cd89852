import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, assertSafePrefix } from './keys.ts';
import { MissingObjectError } from './missing-object.ts';
import type { StorageDriver } from './types.ts';

/**
 * Bytes as files under `root` (DATA_DIR/storage), one file per key. A write goes to a temporary
 * file first and is renamed into place, so a reader never sees half a file and a failed upload
 * leaves nothing under its key.
 */
export function createDiskDriver(root: string): StorageDriver & { close(): Promise<void> } {
  const tmpDir = path.join(root, '.tmp');
  let tmpSwept = false;
  // Half-written files of a process that died mid-upload: gone once they are a day old.
  const sweepTmp = async () => {
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    for (const name of await fsp.readdir(tmpDir).catch(() => [])) {
      const file = path.join(tmpDir, name);
      const stats = await fsp.stat(file).catch(() => null);
      if (stats && stats.mtimeMs < dayAgo) await fsp.rm(file, { force: true });
    }
  };
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  return {
    kind: 'disk',

    async put(key, body) {
      const target = pathOf(key);
      await fsp.mkdir(tmpDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      if (!tmpSwept) {
        tmpSwept = true;
        void sweepTmp();
      }
      const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },

    async get(key, range) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(pathOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingObjectError(key);
        throw err;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },

    async stat(key) {
      try {
        const stats = await fsp.stat(pathOf(key));
        return { size: stats.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      assertSafePrefix(prefix);
      await fsp.rm(path.join(root, prefix), { recursive: true, force: true });
    },

    async close() {},

    async check() {
      try {
        await fsp.mkdir(root, { recursive: true });
        await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

import { Transform, type Readable } from 'node:stream';
import { UPLOAD_ERROR_KEYS, type StorageDirectory } from '@agora/contracts';
import { newId } from '../db/ids.ts';
import { HttpError } from '../errors.ts';
import { extensionRejection, type ExtensionFilter } from './extension-filter.ts';
import { extensionOf, sanitizeFileName } from './file-names.ts';
import { objectKey, prefixOfKey } from './keys.ts';
import type { StorageRepository } from './repository.ts';
import { ScannerError, type VirusScanner } from './scanner.ts';
import { isImageType, peek, renamedTextType, sniffContentType } from './sniff.ts';
import type { StoredObjectRow } from './tables.ts';
import type { StorageDriver } from './types.ts';

export type UploadInput = {
  networkId: string;
  /** The uploading member's membership id. */
  uploaderId: string;
  directory: StorageDirectory;
  /** The client's file name; only its sanitized last part is kept. */
  fileName: string;
  body: Readable;
};

/** Bytes stored under an `uploading` row, waiting for the fields that follow them. */
export type ReceivedUpload = { row: StoredObjectRow };

export type UploadDeps = {
  repository: StorageRepository;
  driver: StorageDriver;
  scanner: VirusScanner;
  maxBytes: number;
  extensionFilter(networkId: string): Promise<ExtensionFilter>;
  log: { warn(details: object, message: string): void };
};

const IMAGE_DIRECTORIES: ReadonlySet<StorageDirectory> = new Set(['images', 'assets']);

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, { error: UPLOAD_ERROR_KEYS.tooLarge, max_bytes: maxBytes });
const typeNotAccepted = () => new HttpError(422, { errors: { file: [UPLOAD_ERROR_KEYS.typeNotAccepted] } });

/**
 * The upload pipeline: the extension filter before the first byte, then the bytes stream through
 * a size limit and a look at their head (the content type is sniffed, never taken from the
 * client) into the driver. A row in state `uploading` exists from the start, so that bytes of a
 * crashed upload are found and swept.
 */
export function createUploader(deps: UploadDeps) {
  const { repository, driver } = deps;

  async function checkName(networkId: string, directory: StorageDirectory, name: string) {
    const rejection = extensionRejection(await deps.extensionFilter(networkId), directory, extensionOf(name));
    if (rejection) throw rejection;
  }

  /** Deletes the bytes and the row of an upload that did not make it; never throws. */
  async function discard(row: StoredObjectRow): Promise<void> {
    try {
      await driver.deletePrefix(prefixOfKey(row.key));
      await repository.deleteRows([row.id]);
    } catch (err) {
      // The row stays and the sweep tries again.
      deps.log.warn({ err, id: row.id }, 'could not discard a failed upload');
    }
  }

  async function receive(input: UploadInput): Promise<ReceivedUpload> {
    const name = sanitizeFileName(input.fileName);
    await checkName(input.networkId, input.directory, name);
    const id = newId();
    const row = await repository.insert({
      id,
      networkId: input.networkId,
      directory: input.directory,
      state: 'uploading',
      name,
      extension: extensionOf(name),
      contentType: 'application/octet-stream',
      size: 0,
      key: objectKey(input.networkId, id),
      uploaderId: input.uploaderId,
    });

    let exceeded = false;
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > deps.maxBytes) {
          exceeded = true;
          done(tooLarge(deps.maxBytes));
        } else done(null, chunk);
      },
    });
    input.body.on('error', (err) => limit.destroy(err));
    input.body.pipe(limit);
    try {
      const { head, body } = await peek(limit);
      const contentType = await sniffContentType(head, row.extension);
      if (IMAGE_DIRECTORIES.has(input.directory) && !isImageType(contentType)) {
        body.destroy();
        throw typeNotAccepted();
      }
      const { size } = await driver.put(row.key, body, { contentType });
      if (exceeded) throw tooLarge(deps.maxBytes);
      return { row: await repository.update(id, { size, contentType }) };
    } catch (err) {
      input.body.destroy();
      await discard(row);
      throw exceeded ? tooLarge(deps.maxBytes) : err;
    }
  }

  /**
   * Finishes a received upload with the fields sent after its bytes: a name (checked again by
   * the filter), the client's external id, and the virus scan. Infected bytes are deleted at
   * once; the row stays in `quarantine` with the signature, and nobody can ever read it.
   */
  async function complete(
    received: ReceivedUpload,
    fields: { name?: string | undefined; externalId?: string | undefined } = {},
  ): Promise<StoredObjectRow> {
    const { row } = received;
    try {
      const name = fields.name?.trim() ? sanitizeFileName(fields.name) : row.name;
      if (name !== row.name) await checkName(row.networkId, row.directory, name);
      const scan = await deps.scanner.scan(() => driver.get(row.key));
      const extension = extensionOf(name);
      const values = {
        name,
        extension,
        contentType: extension === row.extension ? row.contentType : renamedTextType(row.contentType, extension),
        externalId: fields.externalId?.trim() || null,
      };
      if (scan.infected) {
        await driver.deletePrefix(prefixOfKey(row.key));
        return await repository.update(row.id, { ...values, state: 'quarantine', quarantineReason: scan.signature });
      }
      return await repository.update(row.id, { ...values, state: 'volatile' });
    } catch (err) {
      await discard(row);
      if (err instanceof ScannerError) {
        deps.log.warn({ err, id: row.id }, 'virus scan failed');
        throw new HttpError(503, { error: 'virus_scan_failed' });
      }
      throw err;
    }
  }

  return { receive, complete, discard };
}

export type Uploader = ReturnType<typeof createUploader>;

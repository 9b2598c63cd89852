import type { Db } from '../db/client.ts';
import { unprocessable } from '../errors.ts';
import type { Actor } from '../policy/index.ts';
import type { createStorageRepository } from './repository.ts';
import type { StoredObjectRow } from './tables.ts';

/** The bytes an object held before `replaceContent`, now kept by the caller (a file's old version). */
export type ReplacedContent = Pick<
  StoredObjectRow,
  'key' | 'name' | 'extension' | 'size' | 'contentType' | 'version' | 'uploaderId' | 'publishedAt'
>;

/**
 * Swaps the current bytes of a published object for those of one of the actor's volatile
 * uploads in the same directory: the object takes the upload's key, name, type and size and
 * the next version (its uploader and time become the object's); the upload's row goes (its bytes are the object's now). The old key is
 * answered and no longer belongs to any row, so no sweep removes it: the caller keeps it (and
 * deletes its prefix when done with it).
 */
export function createContentReplacer(repository: ReturnType<typeof createStorageRepository>) {
  return async function replaceContent(
    actor: Actor,
    objectId: string,
    uploadId: string,
    tx: Db,
    field = 'upload_id',
  ): Promise<{ object: StoredObjectRow; previous: ReplacedContent }> {
    const rows = new Map(
      (await repository.findLive(actor.networkId, [objectId, uploadId], tx, true)).map((r) => [r.id, r]),
    );
    const object = rows.get(objectId);
    const upload = rows.get(uploadId);
    if (!object || object.state !== 'published') throw new Error(`No published object ${objectId} to replace`);
    if (
      !upload ||
      upload.id === object.id ||
      upload.state !== 'volatile' ||
      upload.ownerType !== null ||
      upload.uploaderId !== actor.membershipId ||
      upload.directory !== object.directory
    )
      throw unprocessable({ [field]: ['invalid'] });
    await repository.deleteRows([upload.id], tx);
    const updated = await repository.update(
      object.id,
      {
        key: upload.key,
        name: upload.name,
        extension: upload.extension,
        contentType: upload.contentType,
        size: upload.size,
        version: object.version + 1,
        // Who brought the current bytes, and since when they are current.
        uploaderId: upload.uploaderId,
        publishedAt: new Date(),
      },
      tx,
    );
    const { key, name, extension, size, contentType, version, uploaderId, publishedAt } = object;
    return {
      object: updated,
      previous: { key, name, extension, size, contentType, version, uploaderId, publishedAt },
    };
  };
}

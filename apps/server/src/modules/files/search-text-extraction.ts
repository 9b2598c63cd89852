import type { Db } from '../../platform/db/client.ts';
import type { Processor } from '../../platform/events/index.ts';
import type { TextExtraction } from '../../platform/search/extraction/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { FILE_EVENTS } from './events.ts';
import type { FilesRepository } from './repository.ts';
import { fileTextKey } from './search-source.ts';

/**
 * A file published or given a new version has its current version's text extracted for search.
 * Asked from the event, so that a crash between the write and the request loses nothing: the
 * delivery is tried again until the job is stored (a job stored twice extracts once). A version
 * replaced meanwhile is not asked for: the file as it is now is.
 */
export function fileTextExtraction(
  deps: { db: Db; textExtraction: Pick<TextExtraction, 'request'>; storage: Pick<Storage, 'live'> },
  repository: FilesRepository,
): Processor {
  return {
    name: 'files.text_extraction',
    types: [FILE_EVENTS.published, FILE_EVENTS.versionAdded],
    async handle(event) {
      const file = await repository.file(event.networkId, event.subject.id);
      if (!file) return;
      const [object] = await deps.storage.live(event.networkId, [file.id]);
      if (!object) return;
      // Outside a transaction: a seed runs the processors before the job queue has started.
      await deps.textExtraction.request(deps.db, {
        networkId: file.networkId,
        key: fileTextKey(file),
        storageKey: object.key,
        filename: file.originalFilename,
        contentType: file.contentType,
        size: file.size,
        subject: { type: 'file', id: file.id },
      });
    },
  };
}

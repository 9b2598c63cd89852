import type { Db } from '../../platform/db/client.ts';
import type { Processor } from '../../platform/events/index.ts';
import {
  extractableKind,
  type ExtractionRequest,
  type TextExtraction,
} from '../../platform/search/extraction/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { FILE_EVENTS } from './events.ts';
import type { FilesRepository } from './repository.ts';
import type { FileRow } from './tables.ts';

/** Where the text of a file's version is kept: each version is extracted once. */
export const fileTextKey = (file: Pick<FileRow, 'id' | 'version'>) => `file:${file.id}:v${file.version}`;

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
      await deps.textExtraction.request(deps.db, extractionRequest(file, object.key));
    },
  };
}

function extractionRequest(file: FileRow, storageKey: string): ExtractionRequest {
  return {
    networkId: file.networkId,
    key: fileTextKey(file),
    storageKey,
    filename: file.originalFilename,
    contentType: file.contentType,
    size: file.size,
    subject: { type: 'file', id: file.id },
  };
}

/**
 * After a full reindex: the current versions whose text was never extracted (stored before
 * extraction existed, or their request lost) are asked for, a page of files at a time. Failed
 * and skipped ones are not asked again: their outcome is known.
 */
export async function requestMissingTexts(
  deps: { textExtraction: Pick<TextExtraction, 'requestMany' | 'missing'>; storage: Pick<Storage, 'live'> },
  page: (afterId: string | null, limit: number) => Promise<FileRow[]>,
  networkId: string,
): Promise<number> {
  let requested = 0;
  let afterId: string | null = null;
  for (;;) {
    const rows = await page(afterId, MISSING_TEXTS_PAGE);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    const readable = rows.filter((row) => extractableKind(row.originalFilename, row.contentType) !== null);
    const missing = new Set(await deps.textExtraction.missing(readable.map(fileTextKey)));
    const wanted = readable.filter((row) => missing.has(fileTextKey(row)));
    const objects = new Map(
      (
        await deps.storage.live(
          networkId,
          wanted.map((row) => row.id),
        )
      ).map((object) => [object.id, object.key]),
    );
    const requests = wanted.flatMap((row) => {
      const key = objects.get(row.id);
      return key ? [extractionRequest(row, key)] : [];
    });
    await deps.textExtraction.requestMany(requests);
    requested += requests.length;
    if (rows.length < MISSING_TEXTS_PAGE) break;
  }
  return requested;
}

const MISSING_TEXTS_PAGE = 500;

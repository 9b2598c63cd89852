import { inTransaction } from '../../db/after-commit.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { PlatformLog } from '../../loader/definition.ts';
import type { Storage } from '../../storage/index.ts';
import { EXTRACTION_LIMITS, type ExtractionLimits } from './extract.ts';
import { createExtractionJob, EXTRACTION_RETRIES } from './job.ts';
import { createExtractedTexts } from './repository.ts';

export { EXTRACTION_LIMITS, extractText, type ExtractionLimits, type ExtractionOutcome } from './extract.ts';
export { extractableKind, type ExtractableKind } from './kinds.ts';

export const TEXT_EXTRACTION_QUEUE = 'search.text-extraction';

/** A stored file whose text search should find (a file version's PDF or office document). */
export type ExtractionRequest = {
  networkId: string;
  /** Where the text is kept, as the owning module names it (`file:{id}:v{version}`). */
  key: string;
  /** The stored object to read. */
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  /** The object the text belongs to: once extracted, `{subject.type}.text_extracted` is recorded for it. */
  subject: { type: string; id: string };
};

export type TextExtraction = {
  /**
   * Queues the extraction as a job. Given a transaction, the job is stored in it, so that it
   * exists exactly when the write that asks for it commits (the job queue must have started).
   * Given the database itself, it is stored at once: for a caller that repeats the request until
   * it is through, such as an event processor, whose delivery is tried again when it fails; that
   * also works before the job queue has started (a seed run before the server listens). What
   * cannot be read is recorded as failed or skipped.
   */
  request(db: Db, request: ExtractionRequest): Promise<void>;
  /** Queues many extractions at once, outside a transaction (a reindex asking for the texts it lacks). */
  requestMany(requests: ExtractionRequest[]): Promise<void>;
  /** Of these keys, those never extracted (no outcome stored: neither done, failed nor skipped). */
  missing(keys: string[]): Promise<string[]>;
  /** The extracted texts of these keys (missing: not extracted yet, failed or skipped). */
  texts(keys: string[]): Promise<Map<string, string>>;
};

export type TextExtractionDeps = {
  db: Db;
  jobs: Jobs;
  storage: Pick<Storage, 'driver'>;
  events: Pick<Events, 'transaction' | 'record'>;
  log: PlatformLog;
  limits?: Partial<ExtractionLimits>;
  /** Seconds before a failed extraction is tried again (doubled for each further try); 30 unless given. */
  retryDelaySeconds?: number;
};

/**
 * Text extraction of stored files for search: a job per file version, one at a time per
 * process (pg-boss hands a worker one job at a time), each bounded in size, time and text.
 */
export function createTextExtraction(deps: TextExtractionDeps): TextExtraction {
  const texts = createExtractedTexts(deps.db);
  deps.jobs.work<ExtractionRequest>(
    TEXT_EXTRACTION_QUEUE,
    createExtractionJob({
      driver: deps.storage.driver,
      events: deps.events,
      log: deps.log,
      texts,
      limits: { ...EXTRACTION_LIMITS, ...deps.limits },
    }),
  );
  const retryDelay = deps.retryDelaySeconds ?? 30;
  const retries = { retryLimit: EXTRACTION_RETRIES, retryDelay, retryBackoff: retryDelay > 0 };
  return {
    async request(db, request) {
      await deps.jobs.send(TEXT_EXTRACTION_QUEUE, request, { ...(inTransaction(db) ? { tx: db } : {}), ...retries });
    },
    async requestMany(requests) {
      if (requests.length > 0) await deps.jobs.sendMany(TEXT_EXTRACTION_QUEUE, requests, retries);
    },
    async missing(keys) {
      const known = await texts.known(keys);
      return [...new Set(keys)].filter((key) => !known.has(key));
    },
    texts: (keys) => texts.texts(keys),
  };
}

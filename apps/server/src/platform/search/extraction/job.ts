import type { Events } from '../../events/index.ts';
import type { Job } from '../../jobs/jobs.ts';
import type { PlatformLog } from '../../loader/definition.ts';
import { MissingObjectError, type StorageDriver } from '../../storage/index.ts';
import { extractText, type ExtractionLimits, type ExtractionOutcome } from './extract.ts';
import { extractableKind } from './kinds.ts';
import type { ExtractedTexts, ExtractionStatus } from './repository.ts';
import type { ExtractionRequest } from './index.ts';

/**
 * Tries after the first when the stored object cannot be read (a store that does not answer) or
 * its text could not be extracted (a thread stopped on a busy machine): the outcome stays
 * `failed` after the last.
 */
export const EXTRACTION_RETRIES = 2;

/** Thrown to have the job tried again after a failed extraction, once its outcome is stored. */
class ExtractionFailed extends Error {}

type JobDeps = {
  driver: Pick<StorageDriver, 'get'>;
  events: Pick<Events, 'transaction' | 'record'>;
  log: PlatformLog;
  texts: ExtractedTexts;
  limits: ExtractionLimits;
};

type Outcome = { status: ExtractionStatus; content: string };

/** The object's bytes, or null once they pass `maxBytes` (the size a row says may be wrong). */
async function readBounded(driver: JobDeps['driver'], key: string, maxBytes: number): Promise<Buffer | null> {
  const stream = await driver.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the stream.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * One extraction: skipped unread when no extractor knows the file or it is too large, failed
 * when it cannot be read in time, done otherwise. Its outcome is stored once; a text found is
 * announced by `{subject.type}.text_extracted` in the same transaction, so that search indexes
 * it again.
 */
export function createExtractionJob(deps: JobDeps) {
  async function outcomeOf(request: ExtractionRequest, retryCount: number): Promise<Outcome | null> {
    const kind = extractableKind(request.filename, request.contentType);
    if (!kind || request.size > deps.limits.maxBytes) return { status: 'skipped', content: '' };
    let bytes: Buffer | null;
    try {
      bytes = await readBounded(deps.driver, request.storageKey, deps.limits.maxBytes);
    } catch (error) {
      // Bytes that are gone belong to a file that is gone: nothing to find.
      if (error instanceof MissingObjectError) return null;
      if (retryCount < EXTRACTION_RETRIES) throw error;
      deps.log.warn({ err: error, key: request.key }, 'text extraction could not read the stored file');
      return { status: 'failed', content: '' };
    }
    if (!bytes) return { status: 'skipped', content: '' };
    const extracted: ExtractionOutcome = await extractText(bytes, kind, deps.limits);
    if (extracted.status === 'failed') {
      deps.log.warn({ key: request.key, reason: extracted.reason, retryCount }, 'text extraction failed');
      return { status: 'failed', content: '' };
    }
    return extracted;
  }

  return async function run(job: Job<ExtractionRequest>): Promise<void> {
    const request = job.data;
    // A second request of a key (an event handled twice) finds the first one's outcome; the
    // job's own retries go on after a failed try.
    const status = await deps.texts.status(request.key);
    if (status !== null && !(status === 'failed' && job.retryCount > 0)) return;
    const outcome = await outcomeOf(request, job.retryCount);
    if (!outcome) return;
    await deps.events.transaction(async (tx) => {
      await deps.texts.store(tx, { key: request.key, networkId: request.networkId, ...outcome });
      if (outcome.status !== 'done' || outcome.content === '') return;
      await deps.events.record(tx, {
        networkId: request.networkId,
        type: `${request.subject.type}.text_extracted`,
        subject: request.subject,
        changes: { key: request.key },
      });
    });
    if (outcome.status === 'failed' && job.retryCount < EXTRACTION_RETRIES) {
      throw new ExtractionFailed(`text extraction of ${request.key} failed, to be tried again`);
    }
  };
}

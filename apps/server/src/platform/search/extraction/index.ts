import type { Db } from '../../db/client.ts';
import type { Events } from '../../events/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { PlatformLog } from '../../loader/definition.ts';
import type { Storage } from '../../storage/index.ts';

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
  /** Queues the extraction (a job); what cannot be read is recorded as failed or skipped. */
  request(tx: Db, request: ExtractionRequest): Promise<void>;
  /** The extracted texts of these keys (missing: not extracted yet, failed or skipped). */
  texts(keys: string[]): Promise<Map<string, string>>;
};

export type TextExtractionDeps = { db: Db; jobs: Jobs; storage: Storage; events: Events; log: PlatformLog };

/** Text extraction of stored files for search (to be filled in: extraction by job). */
export function createTextExtraction(_deps: TextExtractionDeps): TextExtraction {
  return {
    async request() {},
    async texts() {
      return new Map();
    },
  };
}

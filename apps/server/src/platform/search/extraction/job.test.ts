import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/index.ts';
import { newId } from '../../db/ids.ts';
import { domainEvents } from '../../events/tables.ts';
import { objectKey } from '../../storage/keys.ts';
import { searchExtractedTexts } from '../tables.ts';
import { TEXT_EXTRACTION_QUEUE, type ExtractionRequest } from './index.ts';
import { EXTRACTION_RETRIES } from './job.ts';
import { pdfWithText } from './test-documents.ts';

let t: TestApp;
const networkId = newId();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Stores the bytes and asks for their text in a transaction, as a module does. */
async function request(filename: string, bytes: Buffer, extra: Partial<ExtractionRequest> = {}) {
  const id = newId();
  const storageKey = objectKey(networkId, id);
  await t.services.storage.driver.put(storageKey, Readable.from([bytes]));
  const request: ExtractionRequest = {
    networkId,
    key: `test:${id}:v1`,
    storageKey,
    filename,
    contentType: 'application/octet-stream',
    size: bytes.length,
    subject: { type: 'test_document', id },
    ...extra,
  };
  await t.services.events.transaction((tx) => t.services.textExtraction.request(tx, request));
  return request;
}

async function statuses(keys: string[]) {
  const rows = await t.database.db
    .select({ key: searchExtractedTexts.key, status: searchExtractedTexts.status })
    .from(searchExtractedTexts)
    .where(inArray(searchExtractedTexts.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.status]));
}

describe('the text extraction job', () => {
  it('stores the text of each request, skips what it cannot or may not read, and announces a text found', async () => {
    const pdf = await request('minutes.pdf', pdfWithText('Spectacular aubergine minutes'));
    const broken = await request('broken.pdf', Buffer.from('%PDF-1.7 nothing follows'));
    const oversized = await request('huge.pdf', pdfWithText('too large'), { size: 26 * 1024 * 1024 });
    const image = await request('photo.png', Buffer.from('not a text'));
    const gone = { ...pdf, key: `test:${newId()}:v1`, storageKey: objectKey(networkId, newId()) };
    await t.services.events.transaction((tx) => t.services.textExtraction.request(tx, gone));
    await t.services.jobs.settled(60_000);

    const keys = [pdf, broken, oversized, image, gone].map((r) => r.key);
    expect(await statuses(keys)).toEqual({
      [pdf.key]: 'done',
      [broken.key]: 'failed',
      [oversized.key]: 'skipped',
      [image.key]: 'skipped',
    });
    // A failed extraction is tried again as often as the job allows; the last try stores it as failed.
    const tries = await t.database.db.execute(
      sql`select state, retry_count from pgboss.job where name = ${TEXT_EXTRACTION_QUEUE} and data->>'key' = ${broken.key}`,
    );
    expect((tries as unknown as { rows: unknown[] }).rows).toEqual([
      { state: 'completed', retry_count: EXTRACTION_RETRIES },
    ]);
    const texts = await t.services.textExtraction.texts(keys);
    expect([...texts.keys()]).toEqual([pdf.key]);
    expect(texts.get(pdf.key)).toContain('Spectacular aubergine minutes');

    const announced = await t.database.db
      .select({ subjectId: domainEvents.subjectId, changes: domainEvents.changes })
      .from(domainEvents)
      .where(and(eq(domainEvents.networkId, networkId), eq(domainEvents.type, 'test_document.text_extracted')));
    expect(announced).toEqual([{ subjectId: pdf.subject.id, changes: { key: pdf.key } }]);
  });

  it('extracts a key once, however often it is asked for', async () => {
    const first = await request('again.txt', Buffer.from('once only'));
    await t.services.events.transaction((tx) => t.services.textExtraction.request(tx, first));
    await t.services.jobs.settled(60_000);
    const announced = await t.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.networkId, networkId), eq(domainEvents.subjectId, first.subject.id)));
    expect(announced).toHaveLength(1);
  });
});

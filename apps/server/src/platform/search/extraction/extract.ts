import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractableKind } from './kinds.ts';
import { EXTRACTION_WORKER_SOURCE } from './worker-source.ts';

/** How far one extraction may go. */
export type ExtractionLimits = {
  /** Larger files are skipped unread. */
  maxBytes: number;
  /** A file not read by then fails (its thread is stopped). */
  timeoutMs: number;
  /** Text beyond this is dropped. */
  maxChars: number;
  /** The heap the extraction thread may use, in megabytes (a zip bomb fails instead of filling the server's). */
  maxHeapMb: number;
};

export const EXTRACTION_LIMITS: ExtractionLimits = {
  maxBytes: 25 * 1024 * 1024,
  timeoutMs: 30_000,
  maxChars: 400_000,
  maxHeapMb: 256,
};

export type ExtractionOutcome = { status: 'done'; content: string } | { status: 'failed'; reason: string };

const require = createRequire(import.meta.url);

/**
 * The libraries' files, found from here (the thread resolves no package names). The zip reader
 * is the one the Word reader reads its documents with, found from that reader's own place.
 */
const modules = {
  pdfjs: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
  mammoth: require.resolve('mammoth'),
  exceljs: require.resolve('exceljs'),
  jszip: createRequire(require.resolve('mammoth')).resolve('jszip'),
  htmlparser2: pathToFileURL(require.resolve('htmlparser2')).href,
};

/** NUL and other control characters (tabs and line ends kept) neither index nor show. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function clean(text: string, maxChars: number): string {
  return text.replace(CONTROL, ' ').slice(0, maxChars).trim();
}

/**
 * The text of a document. Plain text is decoded here; PDF and office documents are parsed in a
 * thread of their own, stopped when it runs out of time or memory: a crafted or broken file
 * costs at most that thread, never the server's event loop or heap.
 */
export async function extractText(
  bytes: Buffer,
  kind: ExtractableKind,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<ExtractionOutcome> {
  if (kind === 'text') {
    const text = new TextDecoder('utf-8').decode(bytes.subarray(0, limits.maxChars * 4));
    return { status: 'done', content: clean(text, limits.maxChars) };
  }
  const answer = await inThread(bytes, kind, limits);
  if ('error' in answer) return { status: 'failed', reason: answer.error };
  return { status: 'done', content: clean(answer.text, limits.maxChars) };
}

type ThreadAnswer = { text: string } | { error: string };

function inThread(bytes: Buffer, kind: ExtractableKind, limits: ExtractionLimits): Promise<ThreadAnswer> {
  // A copy the thread owns: the caller's buffer may be a view into a shared pool.
  const copy = new Uint8Array(bytes).buffer;
  return new Promise((resolve) => {
    const worker = new Worker(EXTRACTION_WORKER_SOURCE, {
      eval: true,
      workerData: { kind, bytes: copy, maxChars: limits.maxChars, modules },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
      stdout: true,
      stderr: true,
    });
    // What the libraries print (pdf.js warns of odd fonts) is dropped, never written to the server's output.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (answer: ThreadAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ error: `timed out after ${limits.timeoutMs} ms` }), limits.timeoutMs);
    worker.on('message', (message: ThreadAnswer) => finish(message));
    worker.on('error', (error) => finish({ error: error.message }));
    worker.on('exit', (code) => finish({ error: `the extraction thread ended (${code})` }));
  });
}

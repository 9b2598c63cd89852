/**
 * The program of the extraction thread, as source text: the server runs bundled (one file) or
 * from TypeScript sources, and neither lets a thread load a module file of its own, so the
 * thread evaluates this text. It gets the bytes, the kind and the absolute paths of the
 * libraries (resolved by the server, as a thread evaluated from text resolves no package
 * names), and answers `{ text }` or `{ error }`. Text beyond `maxChars` is never collected.
 */
export const EXTRACTION_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { kind, bytes, maxChars, modules } = workerData;

function collector() {
  const parts = [];
  let length = 0;
  return {
    full: () => length >= maxChars,
    add(text) {
      if (!text || length >= maxChars) return;
      parts.push(text);
      length += text.length;
    },
    text: () => parts.join('').slice(0, maxChars),
  };
}

async function pdf() {
  const { getDocument } = await import(modules.pdfjs);
  // No fonts, no eval, no worker of its own: only the text layer is read.
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    verbosity: 0,
  }).promise;
  const out = collector();
  for (let number = 1; number <= doc.numPages && !out.full(); number++) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      out.add(item.str);
      out.add(item.hasEOL ? '\n' : ' ');
    }
    out.add('\n');
    page.cleanup();
  }
  await doc.destroy();
  return out.text();
}

async function docx() {
  const mammoth = require(modules.mammoth);
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return String(result.value).slice(0, maxChars);
}

async function xlsx() {
  const ExcelJS = require(modules.exceljs);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes));
  const out = collector();
  workbook.eachSheet((sheet) => {
    if (out.full()) return;
    out.add(sheet.name + '\n');
    sheet.eachRow((row) => {
      if (out.full()) return;
      const cells = [];
      row.eachCell((cell) => {
        const text = cell.text;
        if (text) cells.push(text);
      });
      if (cells.length > 0) out.add(cells.join('\t') + '\n');
    });
  });
  return out.text();
}

const extractors = { pdf, docx, xlsx };

(async () => {
  const extract = extractors[kind];
  if (!extract) throw new Error('no extractor for ' + kind);
  parentPort.postMessage({ text: await extract() });
})().catch((error) => {
  parentPort.postMessage({ error: String((error && error.message) || error) });
});
`;

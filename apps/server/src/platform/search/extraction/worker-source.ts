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

/**
 * The text of the XML parts of a zipped document, in order: blocks (paragraphs) end a line,
 * cells end with a tab and rows with a line, breaks, spaces and tabs stand for themselves; text
 * is collected inside the \`texts\` elements only when they are named (a slide's other markup
 * holds text that is no content), everywhere otherwise.
 */
async function zippedXml(partNames, markup) {
  const JSZip = require(modules.jszip);
  const { Parser } = await import(modules.htmlparser2);
  const zip = await JSZip.loadAsync(Buffer.from(bytes));
  const out = collector();
  for (const name of partNames(Object.keys(zip.files))) {
    if (out.full()) break;
    const xml = await zip.file(name).async('string');
    let inText = 0;
    let rowDepth = 0;
    let line = '';
    const flush = (end) => {
      const text = line.replace(/[ \t]+$/, '');
      if (text) out.add(text + end);
      line = '';
    };
    const parser = new Parser(
      {
        onopentag(tag) {
          if (markup.texts && markup.texts.includes(tag)) inText++;
          else if (markup.rows.includes(tag)) rowDepth++;
          else if (markup.breaks.includes(tag)) line += '\n';
          else if (markup.spaces.includes(tag)) line += ' ';
          else if (markup.tabs.includes(tag)) line += '\t';
        },
        ontext(text) {
          if (!markup.texts || inText > 0) line += text;
        },
        onclosetag(tag) {
          if (markup.texts && markup.texts.includes(tag)) inText--;
          else if (markup.cells.includes(tag)) line = line.replace(/ $/, '') + '\t';
          else if (markup.rows.includes(tag)) {
            rowDepth--;
            flush('\n');
          } else if (markup.blocks.includes(tag)) {
            // Paragraphs of a table's cell stay on the row's line.
            if (rowDepth === 0) flush('\n');
            else if (line !== '' && !line.endsWith('\t')) line += ' ';
          }
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
    parser.end(xml);
    flush('\n');
  }
  return out.text();
}

/** A number in a part's name (\`slide12.xml\`), for the order of slides. */
const numberIn = (name) => Number((name.match(/(\d+)\.xml$/) || [])[1] || 0);

/** PowerPoint: the slides' texts in slide order (\`a:t\` runs, a line per paragraph). */
function pptx() {
  return zippedXml(
    (names) =>
      names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort((a, b) => numberIn(a) - numberIn(b)),
    { texts: ['a:t'], blocks: ['a:p'], breaks: ['a:br'], spaces: [], tabs: [], cells: ['a:tc'], rows: ['a:tr'] },
  );
}

/** OpenDocument (text, spreadsheet, presentation): the body's paragraphs, a table's cells by tabs. */
function opendocument() {
  return zippedXml((names) => names.filter((n) => n === 'content.xml'), {
    blocks: ['text:p', 'text:h'],
    breaks: ['text:line-break'],
    spaces: ['text:s'],
    tabs: ['text:tab'],
    cells: ['table:table-cell', 'table:covered-table-cell'],
    rows: ['table:table-row'],
  });
}

const extractors = { pdf, docx, xlsx, pptx, opendocument };

(async () => {
  const extract = extractors[kind];
  if (!extract) throw new Error('no extractor for ' + kind);
  parentPort.postMessage({ text: await extract() });
})().catch((error) => {
  parentPort.postMessage({ error: String((error && error.message) || error) });
});
`;

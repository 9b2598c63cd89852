// Small real documents for the extraction tests, made here rather than kept as binary fixtures.
import { buffer } from 'node:stream/consumers';
import { ZipArchive } from 'archiver';
import ExcelJS from 'exceljs';

/** A one-page PDF showing `text` (Helvetica, written out by hand with a correct cross-reference table). */
export function pdfWithText(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 24 Tf 72 700 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const DOCX_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
};

/** A Word document of one paragraph per text: the three parts a reader needs, zipped. */
export async function docxWithText(...paragraphs: string[]): Promise<Buffer> {
  const zip = new ZipArchive();
  const done = buffer(zip);
  for (const [name, xml] of Object.entries(DOCX_PARTS)) zip.append(xml, { name });
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('');
  zip.append(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    { name: 'word/document.xml' },
  );
  await zip.finalize();
  return done;
}

/** A workbook of one sheet holding these rows. */
export async function xlsxWithRows(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet 1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of these parts, in this order. */
async function zipped(parts: Array<[name: string, text: string]>): Promise<Buffer> {
  const zip = new ZipArchive();
  const done = buffer(zip);
  for (const [name, text] of parts) zip.append(text, { name });
  await zip.finalize();
  return done;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const DRAWING = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const PRESENTATION = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';

/** A presentation of one slide per list of paragraphs (the slide parts a reader looks at; stored out of order). */
export function pptxWithSlides(...slides: string[][]): Promise<Buffer> {
  const slide = (paragraphs: string[]) =>
    `${XML}<p:sld ${PRESENTATION} ${DRAWING}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/></p:nvSpPr><p:txBody>${paragraphs
      .map((p) => `<a:p><a:r><a:rPr lang="en-GB"/><a:t>${p}</a:t></a:r></a:p>`)
      .join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  const numbered = slides.map((paragraphs, i): [string, string] => [`ppt/slides/slide${i + 1}.xml`, slide(paragraphs)]);
  return zipped([
    ['[Content_Types].xml', `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`],
    ...numbered.reverse(),
  ]);
}

const OFFICE_NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
].join(' ');

/** An OpenDocument (odt, ods or odp) whose body is this markup (`office:text`, `office:spreadsheet` ...). */
export function openDocument(type: 'text' | 'spreadsheet' | 'presentation', body: string): Promise<Buffer> {
  return zipped([
    ['mimetype', `application/vnd.oasis.opendocument.${type}`],
    [
      'content.xml',
      `${XML}<office:document-content ${OFFICE_NAMESPACES} office:version="1.3"><office:automatic-styles/><office:body><office:${type}>${body}</office:${type}></office:body></office:document-content>`,
    ],
  ]);
}

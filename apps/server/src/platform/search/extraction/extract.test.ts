import { describe, expect, it } from 'vitest';
import { EXTRACTION_LIMITS, extractText } from './extract.ts';
import { extractableKind } from './kinds.ts';
import { docxWithText, openDocument, pdfWithText, pptxWithSlides, xlsxWithRows } from './test-documents.ts';

describe('text extraction', () => {
  it('reads the text of a PDF, a Word document, a workbook and plain text', async () => {
    const [pdf, docx, xlsx, text] = await Promise.all([
      extractText(pdfWithText('Quarterly zeppelin report'), 'pdf'),
      extractText(await docxWithText('Marmalade harbour', 'second paragraph'), 'docx'),
      extractText(await xlsxWithRows([['Quince', 42], ['Tangerine ledger']]), 'xlsx'),
      extractText(Buffer.from('plain\u0000words, in a csv'), 'text'),
    ]);
    expect(pdf).toEqual({ status: 'done', content: expect.stringContaining('Quarterly zeppelin report') });
    expect(docx).toEqual({ status: 'done', content: expect.stringMatching(/Marmalade harbour\s+second paragraph/) });
    expect(xlsx).toEqual({ status: 'done', content: expect.stringMatching(/Quince\t42\nTangerine ledger/) });
    expect(text).toEqual({ status: 'done', content: 'plain words, in a csv' });
  });

  it('reads the slides of a presentation in order, and OpenDocument texts, spreadsheets and presentations', async () => {
    const [pptx, odt, ods, odp] = await Promise.all([
      extractText(await pptxWithSlides(['Walrus agenda', 'first point'], ['Closing &amp; thanks']), 'pptx'),
      extractText(
        await openDocument(
          'text',
          '<text:h text:outline-level="1">Heron minutes</text:h><text:p>Two<text:s/>words<text:tab/>and<text:line-break/>more</text:p>',
        ),
        'opendocument',
      ),
      extractText(
        await openDocument(
          'spreadsheet',
          '<table:table table:name="Budget"><table:table-row><table:table-cell><text:p>Pistachio</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="7"><text:p>7</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1000"/></table:table-row><table:table-row><table:table-cell><text:p>two</text:p><text:p>lines</text:p></table:table-cell></table:table-row></table:table>',
        ),
        'opendocument',
      ),
      extractText(
        await openDocument(
          'presentation',
          '<draw:page draw:name="page1"><draw:frame><draw:text-box><text:p>Lighthouse slide</text:p></draw:text-box></draw:frame></draw:page>',
        ),
        'opendocument',
      ),
    ]);
    expect(pptx).toEqual({ status: 'done', content: 'Walrus agenda\nfirst point\nClosing & thanks' });
    expect(odt).toEqual({ status: 'done', content: 'Heron minutes\nTwo words\tand\nmore' });
    expect(ods).toEqual({ status: 'done', content: 'Pistachio\t7\ntwo lines' });
    expect(odp).toEqual({ status: 'done', content: 'Lighthouse slide' });
    const broken = await extractText(Buffer.from('PK not a zip at all'), 'opendocument');
    expect(broken.status).toBe('failed');
  });

  it('fails on a broken file and on one that takes too long, without throwing', async () => {
    const broken = await extractText(Buffer.from('%PDF-1.4 this is no PDF at all'), 'pdf');
    expect(broken.status).toBe('failed');
    const slow = await extractText(pdfWithText('never read'), 'pdf', { ...EXTRACTION_LIMITS, timeoutMs: 1 });
    expect(slow).toEqual({ status: 'failed', reason: expect.stringContaining('timed out') });
  });

  it('keeps no more text than the limit', async () => {
    const limits = { ...EXTRACTION_LIMITS, maxChars: 10 };
    expect(await extractText(Buffer.from('a'.repeat(100)), 'text', limits)).toEqual({
      status: 'done',
      content: 'a'.repeat(10),
    });
    const docx = await extractText(await docxWithText('b'.repeat(100)), 'docx', limits);
    expect(docx).toEqual({ status: 'done', content: 'b'.repeat(10) });
  });

  it('knows a document by its extension first, then by its type', () => {
    expect(extractableKind('Plan.PDF', 'application/octet-stream')).toBe('pdf');
    expect(extractableKind('report', 'application/pdf')).toBe('pdf');
    expect(extractableKind('notes.md', '')).toBe('text');
    expect(extractableKind('sheet.xlsx', 'application/zip')).toBe('xlsx');
    expect(extractableKind('slides.PPTX', 'application/zip')).toBe('pptx');
    expect(extractableKind('letter.odt', '')).toBe('opendocument');
    expect(extractableKind('budget', 'application/vnd.oasis.opendocument.spreadsheet')).toBe('opendocument');
    expect(extractableKind('photo.jpg', 'image/jpeg')).toBeNull();
    expect(extractableKind('old.doc', 'application/msword')).toBeNull();
  });
});

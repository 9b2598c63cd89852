import { describe, expect, it } from 'vitest';
import { EXTRACTION_LIMITS, extractText } from './extract.ts';
import { extractableKind } from './kinds.ts';
import { docxWithText, pdfWithText, xlsxWithRows } from './test-documents.ts';

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
    expect(extractableKind('photo.jpg', 'image/jpeg')).toBeNull();
    expect(extractableKind('old.doc', 'application/msword')).toBeNull();
  });
});

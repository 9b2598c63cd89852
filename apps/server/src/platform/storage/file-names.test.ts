import { describe, expect, it } from 'vitest';
import { contentDisposition, extensionOf, MAX_FILE_NAME_LENGTH, sanitizeFileName } from './file-names.ts';

describe('sanitizeFileName', () => {
  it('keeps the last path part only', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\Report.docx')).toBe('Report.docx');
  });

  it('drops control and direction characters, and trims what Windows drops', () => {
    expect(sanitizeFileName('a\u0000b\u001fc\u007f.txt')).toBe('abc.txt');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('  spaced   out  .pdf. . ')).toBe('spaced out .pdf');
  });

  it('gives a name to nothing', () => {
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName(null)).toBe('file');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('dir/')).toBe('file');
  });

  it('shortens long names in the stem and keeps the extension', () => {
    const name = sanitizeFileName(`${'ä'.repeat(300)}.xlsx`);
    expect(Array.from(name)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('ä.xlsx')).toBe(true);
    expect(sanitizeFileName('x'.repeat(250))).toBe('x'.repeat(MAX_FILE_NAME_LENGTH));
  });

  it('normalizes to NFC, so that the same name from macOS and Windows is the same', () => {
    expect(sanitizeFileName('U\u0308bersicht.txt')).toBe('\u00dcbersicht.txt');
  });
});

describe('extensionOf', () => {
  it('is the lower-case part after the last dot', () => {
    expect(extensionOf('Photo.JPG')).toBe('jpg');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('dot.')).toBe('');
    expect(extensionOf('weird.ex e')).toBe('');
  });
});

describe('contentDisposition', () => {
  it('names the file in ASCII and exactly (RFC 5987)', () => {
    expect(contentDisposition('attachment', 'Übersicht "Q1" \\ 100%.pdf')).toBe(
      `attachment; filename="Ubersicht _Q1_ _ 100_.pdf"; filename*=UTF-8''%C3%9Cbersicht%20%22Q1%22%20%5C%20100%25.pdf`,
    );
    expect(contentDisposition('inline', '写真.png')).toBe(
      `inline; filename="file.png"; filename*=UTF-8''%E5%86%99%E7%9C%9F.png`,
    );
    expect(contentDisposition('inline', "it's (1).txt")).toBe(
      `inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });

  it('names a file whose stored name holds half of a surrogate pair, instead of failing', () => {
    expect(contentDisposition('attachment', 'a\ud800.ics')).toBe(
      `attachment; filename="a.ics"; filename*=UTF-8''a%EF%BF%BD.ics`,
    );
  });
});

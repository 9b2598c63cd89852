import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isImageType, peek, renamedTextType, sniffContentType } from './sniff.ts';

const sniff = (content: string | Buffer, extension = '') =>
  sniffContentType(typeof content === 'string' ? Buffer.from(content) : content, extension);

describe('sniffContentType', () => {
  it('believes the bytes, not the name', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await sniff(png, 'txt')).toBe('image/png');
    expect(await sniff('%PDF-1.7\n...', 'png')).toBe('application/pdf');
    expect(await sniff('plain words', 'png')).toBe('text/plain');
  });

  it('tells text from binary', async () => {
    expect(await sniff(Buffer.from([0x00, 0x01, 0x02, 0xff]))).toBe('application/octet-stream');
    expect(await sniff('Grüße, ça va?\r\n\tyes')).toBe('text/plain');
    expect(await sniff(Buffer.from('Gr\xfc\xdfe', 'latin1'))).toBe('text/plain');
    expect(await sniff(Buffer.alloc(0))).toBe('application/octet-stream');
  });

  it('names text by its extension, and active content by its bytes', async () => {
    expect(await sniff('a;b\n1;2', 'csv')).toBe('text/csv');
    expect(await sniff('{"a":1}', 'json')).toBe('application/json');
    expect(await sniff('hello', 'html')).toBe('text/html');
    expect(await sniff('\uFEFF  <!DOCTYPE html><p>x', 'txt')).toBe('text/html');
    expect(await sniff('<div><script>alert(1)</script></div>', 'csv')).toBe('text/html');
    expect(await sniff('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'png')).toBe(
      'image/svg+xml',
    );
    expect(await sniff('<?xml version="1.0"?><note/>', 'txt')).toBe('application/xml');
  });

  it('counts icons and SVG as images, HTML not', () => {
    expect(isImageType('image/x-icon')).toBe(true);
    expect(isImageType('image/svg+xml')).toBe(true);
    expect(isImageType('text/html')).toBe(false);
    expect(isImageType('image/heic')).toBe(false);
  });

  it('follows a new name for types taken from the extension only', () => {
    expect(renamedTextType('text/plain', 'csv')).toBe('text/csv');
    expect(renamedTextType('text/csv', 'bin')).toBe('text/plain');
    expect(renamedTextType('text/html', 'txt')).toBe('text/html');
    expect(renamedTextType('image/png', 'txt')).toBe('image/png');
  });
});

describe('peek', () => {
  it('reads the head and gives the whole stream back', async () => {
    const source = Readable.from([Buffer.from('abc'), Buffer.from('defgh'), Buffer.from('ij')]);
    const { head, body } = await peek(source, 4);
    expect(head.toString()).toBe('abcd');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abcdefghij');
  });

  it('copes with streams shorter than the head, and passes errors on', async () => {
    const short = await peek(Readable.from([Buffer.from('ab')]), 10);
    expect(short.head.toString()).toBe('ab');
    expect((await short.body.toArray()).join('')).toBe('ab');

    const failing = new Readable({ read() {} });
    failing.push(Buffer.from('abcdef'));
    const { body } = await peek(failing, 2);
    setImmediate(() => failing.destroy(new Error('broken')));
    await expect(body.toArray()).rejects.toThrow('broken');
  });
});

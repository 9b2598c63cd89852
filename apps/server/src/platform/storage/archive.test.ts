import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { sanitizeEntryName, streamZip, UniqueNames, type ArchiveEntry } from './archive.ts';
import { unzip } from './test-support.ts';

const entry = (name: string, bytes: string | Buffer, extra: Partial<ArchiveEntry> = {}): ArchiveEntry => ({
  name,
  open: async () => Readable.from([Buffer.from(bytes)]),
  ...extra,
});

describe('streamZip', () => {
  it('zips the entries in order with their bytes', async () => {
    const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const zip = await buffer(
      streamZip([entry('a.txt', 'Alpha'), entry('b.bin', binary, { store: true }), entry('empty.txt', '')]),
    );
    const entries = await unzip(zip);
    expect(entries.map((e) => e.name)).toEqual(['a.txt', 'b.bin', 'empty.txt']);
    expect(entries[0]!.data.toString()).toBe('Alpha');
    expect(entries[1]!.data.equals(binary)).toBe(true);
    expect(entries[2]!.data.length).toBe(0);
  });

  it('renames duplicates with (2), (3) before the extension and sanitizes names', async () => {
    const zip = await buffer(
      streamZip([
        entry('report.pdf', '1'),
        entry('Report.pdf', '2'),
        entry('report.pdf', '3'),
        entry('../../etc/passwd', '4'),
        entry('/abs/notes', '5'),
        entry('notes', '6'),
        entry('..', '7'),
      ]),
    );
    const entries = await unzip(zip);
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['report.pdf', '1'],
      ['Report (2).pdf', '2'],
      ['report (3).pdf', '3'],
      ['etc/passwd', '4'],
      ['abs/notes', '5'],
      ['notes', '6'],
      ['file', '7'],
    ]);
  });

  it('keeps an empty folder as a directory entry of its own', async () => {
    const zip = await buffer(
      streamZip([
        entry('Folder/a.txt', 'A'),
        { name: 'Folder/Empty', directory: true, open: () => Promise.reject(new Error('no bytes')) },
      ]),
    );
    const entries = await unzip(zip);
    expect(entries.map((e) => e.name)).toEqual(['Folder/a.txt', 'Folder/Empty/']);
  });

  it('opens one source at a time, when its turn comes', async () => {
    const events: string[] = [];
    let open = 0;
    let mostOpen = 0;
    const tracked = (name: string): ArchiveEntry => ({
      name,
      async open() {
        events.push(`open ${name}`);
        mostOpen = Math.max(mostOpen, ++open);
        const source = Readable.from([Buffer.alloc(300_000, name)]);
        source.on('close', () => {
          open--;
          events.push(`closed ${name}`);
        });
        return source;
      },
    });
    const zip = await buffer(streamZip([tracked('a'), tracked('b'), tracked('c')]));
    expect((await unzip(zip)).map((e) => e.data.length)).toEqual([300_000, 300_000, 300_000]);
    expect(mostOpen).toBe(1);
    expect(events).toEqual(['open a', 'closed a', 'open b', 'closed b', 'open c', 'closed c']);
  });

  it('streams a large entry without holding it: the output flows while the source is still read', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let produced = 0;
    let producedAtFirstOutput = -1;
    const source = new Readable({
      read() {
        produced += chunk.length;
        this.push(produced > 64 * chunk.length ? null : chunk);
      },
    });
    const zip = streamZip([{ name: 'big.bin', open: async () => source, store: true }]);
    let total = 0;
    for await (const piece of zip) {
      if (producedAtFirstOutput < 0) producedAtFirstOutput = produced;
      total += (piece as Buffer).length;
    }
    expect(total).toBeGreaterThan(64 * chunk.length);
    expect(producedAtFirstOutput).toBeLessThan(16 * chunk.length);
  });

  it('breaks off with an error when a source fails midway', async () => {
    const failing: ArchiveEntry = {
      name: 'broken.bin',
      async open() {
        return new Readable({
          read() {
            this.destroy(new Error('disk gone'));
          },
        });
      },
    };
    await expect(buffer(streamZip([entry('ok.txt', 'fine'), failing, entry('never.txt', 'x')]))).rejects.toThrow(
      'disk gone',
    );
  });

  it('breaks off with an error when a source cannot be opened', async () => {
    const missing: ArchiveEntry = { name: 'missing', open: () => Promise.reject(new Error('no such key')) };
    await expect(buffer(streamZip([missing]))).rejects.toThrow('no such key');
  });
});

describe('sanitizeEntryName', () => {
  it('keeps folders but nothing that leaves the target folder or that Windows refuses', () => {
    expect(sanitizeEntryName('Team/Plan 2027.xlsx')).toBe('Team/Plan 2027.xlsx');
    expect(sanitizeEntryName('..\\..\\win.ini')).toBe('win.ini');
    expect(sanitizeEntryName('a/./b/../c')).toBe('a/b/c');
    expect(sanitizeEntryName('what?<now>:"x"|*.txt')).toBe('what__now___x___.txt');
    expect(sanitizeEntryName('tab\there\u0000.txt')).toBe('tabhere.txt');
    expect(sanitizeEntryName('  ')).toBe('file');
  });
});

describe('UniqueNames', () => {
  it('numbers repeats before the extension, also past names that were taken already', () => {
    const names = new UniqueNames();
    expect(names.take('a.txt')).toBe('a.txt');
    expect(names.take('a (2).txt')).toBe('a (2).txt');
    expect(names.take('a.txt')).toBe('a (3).txt');
    expect(names.take('.env')).toBe('.env');
    expect(names.take('.env')).toBe('.env (2)');
    expect(names.take('dir/x.tar.gz')).toBe('dir/x.tar.gz');
    expect(names.take('dir/x.tar.gz')).toBe('dir/x.tar (2).gz');
    expect(names.take('README')).toBe('README');
    expect(names.take('readme')).toBe('readme (2)');
  });
});

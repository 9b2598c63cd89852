import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, signedInMember, type Session } from '../../testing/index.ts';
import { clamavScanner, clamdAddress, parseClamdReply, ScannerError } from './scanner.ts';
import {
  EICAR,
  fakeClamd,
  generatedStream,
  storageTestApp,
  uploadFile,
  type StorageTestApp,
} from './upload-test-support.ts';

const open = (bytes: Buffer | Readable) => async () => (Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes);

describe('the ClamAV scanner', () => {
  let clamd: Awaited<ReturnType<typeof fakeClamd>>;
  beforeAll(async () => {
    clamd = await fakeClamd();
  });
  afterAll(() => clamd.close());

  it('streams the bytes in INSTREAM chunks and reads the verdict', async () => {
    const scanner = clamavScanner(clamd.socket);
    expect(await scanner.scan(open(Buffer.from('harmless')))).toEqual({ infected: false });
    expect(clamd.scanned.at(-1)!.toString()).toBe('harmless');
    expect(await scanner.scan(open(Buffer.from(`x${EICAR}x`)))).toEqual({
      infected: true,
      signature: 'Eicar-Test-Signature',
    });
  });

  it('sends large files in pieces, all of them', async () => {
    const scanner = clamavScanner(clamd.socket);
    expect(await scanner.scan(open(generatedStream(3 * 1024 * 1024 + 7, 200_000)))).toEqual({ infected: false });
    expect(clamd.scanned.at(-1)!.length).toBe(3 * 1024 * 1024 + 7);
  });

  it('fails, rather than passing the file, when clamd errs or cannot be reached', async () => {
    const erring = await fakeClamd({ reply: () => 'INSTREAM size limit exceeded. ERROR' });
    try {
      await expect(clamavScanner(erring.socket).scan(open(Buffer.from('x')))).rejects.toThrow(ScannerError);
    } finally {
      await erring.close();
    }
    await expect(clamavScanner('/nonexistent/clamd.sock').scan(open(Buffer.from('x')))).rejects.toThrow(ScannerError);
  });

  it('reads clamd’s addresses and answers', () => {
    expect(clamdAddress('/run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(clamdAddress('clamav:3310')).toEqual({ host: 'clamav', port: 3310 });
    expect(clamdAddress('[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(parseClamdReply('stream: OK\0')).toEqual({ infected: false });
    expect(parseClamdReply('stream: Win.Test.EICAR_HDB-1 FOUND\0')).toEqual({
      infected: true,
      signature: 'Win.Test.EICAR_HDB-1',
    });
    expect(() => parseClamdReply('')).toThrow(ScannerError);
  });
});

describe('uploads scanned by clamd (CLAMD_SOCKET)', () => {
  let clamd: Awaited<ReturnType<typeof fakeClamd>>;
  let t: StorageTestApp;
  let alice: Session;

  beforeAll(async () => {
    clamd = await fakeClamd();
    t = await storageTestApp('disk', { CLAMD_SOCKET: clamd.socket });
    const networkId = (await createNetwork(t.services)).id;
    alice = (await signedInMember(t.app, t.services, networkId)).session;
  });
  afterAll(async () => {
    await t.close();
    await clamd.close();
  });

  it('puts an infected upload into quarantine: answered as such, never downloadable, bytes gone', async () => {
    const response = await uploadFile(t.app, alice.headers, 'files', 'eicar.com', EICAR);
    expect(response.statusCode).toBe(200);
    const item = response.json();
    expect(item).toMatchObject({ state: 'quarantine', token: null, name: 'eicar.com' });
    const download = await t.app.inject({ url: `/api/storage/files/${item.id}/get/eicar.com`, headers: alice.headers });
    expect(download.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/storage/files/${item.id}/token`, headers: alice.headers })).statusCode,
    ).toBe(404);
    expect((await t.storedKeys()).filter((k) => k.includes(item.id))).toEqual([]);
  });

  it('passes a clean upload', async () => {
    const response = await uploadFile(t.app, alice.headers, 'files', 'clean.txt', 'clean');
    expect(response.json()).toMatchObject({ state: 'volatile' });
    expect(clamd.scanned.at(-1)!.toString()).toBe('clean');
  });

  it('answers 503 and keeps nothing when clamd is away', async () => {
    await clamd.close();
    const before = await t.storedKeys();
    const response = await uploadFile(t.app, alice.headers, 'files', 'unscanned.txt', 'unscanned');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'virus_scan_failed' });
    expect(await t.storedKeys()).toEqual(before);
    clamd = await fakeClamd();
  });
});

import { eq, gt, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, signedInMember, type Session } from '../../testing/index.ts';
import { storedObjects } from './tables.ts';
import { storageTestApp, uploadFile, type StorageTestApp } from './upload-test-support.ts';

const MAX_BYTES = 256 * 1024;

describe.each(['disk', 's3'] as const)('uploads on the %s driver', (driver) => {
  let t: StorageTestApp;
  let networkId: string;
  let alice: Session;
  let png: Buffer;

  beforeAll(async () => {
    t = await storageTestApp(driver, { UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    networkId = (await createNetwork(t.services)).id;
    alice = (await signedInMember(t.app, t.services, networkId)).session;
    png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('answers 401 to an anonymous upload', async () => {
    const response = await uploadFile(t.app, { host: 'localhost' }, 'files', 'a.txt', 'hello');
    expect(response.statusCode).toBe(401);
  });

  it('stores an upload as volatile and answers the uploaded item with a download token', async () => {
    const response = await uploadFile(t.app, alice.headers, 'files', 'Notes.TXT', 'hello world', {
      type: 'application/pdf',
      externalId: 'ext-1',
    });
    expect(response.statusCode).toBe(200);
    const item = response.json();
    expect(item).toMatchObject({
      name: 'Notes.TXT',
      extension: 'txt',
      // Sniffed: the client's claim of a PDF is not believed.
      type: 'text/plain',
      size: 11,
      external_id: 'ext-1',
      state: 'volatile',
    });
    expect(item.id).toMatch(/^[0-9a-f]{24}$/);
    expect(item.token).toMatch(/^\d+\.[\w-]{43}$/);
    expect(await t.storedKeys()).toContain(`objects/${networkId}/${item.id.slice(-2)}/${item.id}/original`);

    const download = await t.app.inject({ url: `/api/storage/files/${item.id}/get/Notes.TXT`, headers: alice.headers });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello world');
  });

  it('takes the name field over the file name, and sanitizes both', async () => {
    const named = await uploadFile(t.app, alice.headers, 'files', 'blob', 'x', { name: '  Report 2024.csv  ' });
    expect(named.json()).toMatchObject({ name: 'Report 2024.csv', extension: 'csv', type: 'text/csv' });

    const evil = await uploadFile(t.app, alice.headers, 'files', 'x.txt', 'x', {
      name: '..\\..\\etc/pass\u0000wd\u202Etxt.exe ',
    });
    expect(evil.json()).toMatchObject({ name: 'passwdtxt.exe', extension: 'exe' });

    const long = await uploadFile(t.app, alice.headers, 'files', `${'a'.repeat(300)}.pdf`, 'x');
    expect(long.json().name).toBe(`${'a'.repeat(196)}.pdf`);

    const empty = await uploadFile(t.app, alice.headers, 'files', 'x.txt', 'x', { name: '...' });
    expect(empty.json().name).toBe('file');
  });

  it('sniffs the content type: a .png that is text is text, and no image', async () => {
    const text = await uploadFile(t.app, alice.headers, 'files', 'photo.png', 'just some text', { type: 'image/png' });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ type: 'text/plain', extension: 'png' });

    const image = await uploadFile(t.app, alice.headers, 'images', 'photo.png', 'just some text', {
      type: 'image/png',
    });
    expect(image.statusCode).toBe(422);
    expect(image.json()).toEqual({ errors: { file: ['file_type_not_accepted'] } });

    const realPng = await uploadFile(t.app, alice.headers, 'images', 'picture.jpg', png);
    expect(realPng.statusCode).toBe(200);
    expect(realPng.json()).toMatchObject({ type: 'image/png', extension: 'jpg', token: null, state: 'volatile' });

    const binary = await uploadFile(t.app, alice.headers, 'files', 'data.bin', Buffer.from([0, 1, 2, 3, 255, 0]));
    expect(binary.json().type).toBe('application/octet-stream');

    const html = await uploadFile(
      t.app,
      alice.headers,
      'files',
      'page.txt',
      '<!DOCTYPE html><html><body>x</body></html>',
    );
    expect(html.json().type).toBe('text/html');

    const svg = await uploadFile(
      t.app,
      alice.headers,
      'assets',
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect(svg.json()).toMatchObject({ type: 'image/svg+xml', state: 'volatile' });
  });

  it('accepts a file of exactly the maximum size', async () => {
    const response = await uploadFile(t.app, alice.headers, 'files', 'max.bin', Buffer.alloc(MAX_BYTES, 1));
    expect(response.statusCode).toBe(200);
    expect(response.json().size).toBe(MAX_BYTES);
  });

  it('answers 413 to a file over the maximum and keeps nothing of it', async () => {
    const before = await t.storedKeys();
    const justOver = await uploadFile(t.app, alice.headers, 'files', 'big.bin', Buffer.alloc(MAX_BYTES + 1, 1));
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json()).toEqual({ error: 'file_too_large', max_bytes: MAX_BYTES });

    // Refused by its declared length, before it is read.
    const far = await uploadFile(t.app, alice.headers, 'files', 'huge.bin', Buffer.alloc(MAX_BYTES * 2, 1));
    expect(far.statusCode).toBe(413);
    expect(far.headers.connection).toBe('close');

    expect(await t.storedKeys()).toEqual(before);
    const leftovers = await t.database.db
      .select()
      .from(storedObjects)
      .where(or(eq(storedObjects.state, 'uploading'), gt(storedObjects.size, MAX_BYTES)));
    expect(leftovers).toEqual([]);
  });

  it('answers 422 without a file, and 404 for an unknown directory', async () => {
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/storage/files',
      headers: { ...alice.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nfoo\r\n--x--\r\n',
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toEqual({ errors: { file: ['required'] } });

    const json = await t.app.inject({ method: 'POST', url: '/api/storage/files', headers: alice.headers, payload: {} });
    expect(json.statusCode).toBe(422);

    const unknown = await uploadFile(t.app, alice.headers, 'secrets', 'a.txt', 'x');
    expect(unknown.statusCode).toBe(404);

    const longId = await uploadFile(t.app, alice.headers, 'files', 'a.txt', 'x', { externalId: 'x'.repeat(256) });
    expect(longId.statusCode).toBe(422);
    expect(longId.json()).toEqual({ errors: { external_id: ['too_long'] } });
  });

  describe('the extension filter of the files directory', () => {
    async function memberOf(filter: { enabled: boolean; mode: 'allow' | 'block'; extensions: string[] }) {
      const network = await t.services.networks.create({
        name: `Filtered ${filter.mode}`,
        host: `${filter.mode}-${driver}.test`,
        settings: { file_extension_filter: filter },
      });
      const { session } = await signedInMember(t.app, t.services, network.id, {}, `${filter.mode}-${driver}.test`);
      return session;
    }

    it('accepts only listed extensions with an allow list, naming them', async () => {
      const session = await memberOf({ enabled: true, mode: 'allow', extensions: ['PDF', '.docx'] });
      const before = await t.storedKeys();
      const refused = await uploadFile(t.app, session.headers, 'files', 'script.exe', 'MZ');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        errors: { file: ['file_type_not_accepted_allow_list'] },
        allowed_extensions: ['pdf', 'docx'],
      });
      // The name field counts too.
      const renamed = await uploadFile(t.app, session.headers, 'files', 'fine.pdf', '%PDF-1.4', { name: 'bad.exe' });
      expect(renamed.statusCode).toBe(422);
      expect(await t.storedKeys()).toEqual(before);

      const accepted = await uploadFile(t.app, session.headers, 'files', 'Paper.PDF', '%PDF-1.4\n');
      expect(accepted.statusCode).toBe(200);
      // Images are not filtered: the filter is the files directory's.
      const image = await uploadFile(t.app, session.headers, 'images', 'a.png', png);
      expect(image.statusCode).toBe(200);
    });

    it('refuses listed extensions with a block list', async () => {
      const session = await memberOf({ enabled: true, mode: 'block', extensions: ['exe', 'bat'] });
      const refused = await uploadFile(t.app, session.headers, 'files', 'Setup.EXE', 'MZ');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ errors: { file: ['file_type_not_accepted'] } });
      expect((await uploadFile(t.app, session.headers, 'files', 'notes.txt', 'x')).statusCode).toBe(200);
      expect((await uploadFile(t.app, session.headers, 'files', 'README', 'x')).statusCode).toBe(200);
    });
  });

  it('keeps uploads of the network apart: a row in another network is not found', async () => {
    const response = await uploadFile(t.app, alice.headers, 'files', 'mine.txt', 'mine');
    const other = await createNetwork(t.services);
    await expect(t.services.storage.loadReadable(null, other.id, 'files', response.json().id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

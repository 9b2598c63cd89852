// Image sizes, asset previews and archives through the whole server, on both drivers: uploads
// by the real routes, readability by the storage service and its owner registry.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileTokenAnswer, StoredItem } from '@agora/contracts';
import { createNetwork, signedInMember, type Session } from '../../testing/index.ts';
import { NETWORK_OWNER } from './owners.ts';
import { photo, unzip } from './test-support.ts';
import { storageTestApp, uploadFile, type StorageTestApp } from './upload-test-support.ts';

describe.each(['disk', 's3'] as const)('image sizes and archives on the %s driver', (driver) => {
  let t: StorageTestApp;
  let networkId: string;
  let alice: Session;
  let bob: Session;
  const anonymous = { host: 'localhost' };

  beforeAll(async () => {
    t = await storageTestApp(driver);
    networkId = (await createNetwork(t.services)).id;
    alice = (await signedInMember(t.app, t.services, networkId)).session;
    bob = (await signedInMember(t.app, t.services, networkId)).session;
  });
  afterAll(() => t.close());

  const upload = async (session: Session, directory: string, name: string, bytes: Buffer) => {
    const response = await uploadFile(t.app, session.headers, directory, name, bytes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredItem>();
  };
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

  it("makes every size of a member's upload, upright, for the uploader alone while it is volatile", async () => {
    const item = await upload(alice, 'images', 'portrait.jpg', await photo(1200, 800, { orientation: 6 }));
    expect(item.state).toBe('volatile');
    for (const size of ['435x435', '1920x1200', '80x80', '300', '25'] as const) {
      const response = await get(`/api/storage/images/${item.id}/get/${size}`, alice.headers);
      expect(response.statusCode, size).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(response.rawPayload).metadata();
      const [w, h] = size.split('x').map(Number) as [number, number | undefined];
      // Orientation 6 turns the 1200x800 original into an 800x1200 portrait.
      expect([meta.width, meta.height], size).toEqual(h ? [w, h] : [Math.round((w * 800) / 1200), w]);
      expect(meta.exif).toBeUndefined();
    }
    expect((await get(`/api/storage/images/${item.id}/get/80x80`, anonymous)).statusCode).toBe(404);
    expect((await get(`/api/storage/images/${item.id}/get/80x80`, bob.headers)).statusCode).toBe(404);
    expect((await get(`/api/storage/images/${item.id}/get/81x81`, alice.headers)).statusCode).toBe(404);
  });

  it('keeps each size beside the original and serves it from there', async () => {
    const item = await upload(alice, 'images', 'kept.jpg', await photo(600, 600));
    const first = await get(`/api/storage/images/${item.id}/get/200x200`, alice.headers);
    const keys = await t.storedKeys();
    const prefix = `objects/${networkId}/${item.id.slice(-2)}/${item.id}/`;
    expect(keys).toContain(`${prefix}variants/200x200.v1.r1`);
    const second = await get(`/api/storage/images/${item.id}/get/200x200`, alice.headers);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = await get(`/api/storage/images/${item.id}/get/200x200`, {
      ...alice.headers,
      'if-none-match': first.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);

    // Removing the upload removes its sizes with it.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/storage/images/${item.id}`, headers: alice.headers }))
        .statusCode,
    ).toBeLessThan(300);
    expect((await t.storedKeys()).filter((k) => k.startsWith(prefix))).toEqual([]);
    expect((await get(`/api/storage/images/${item.id}/get/200x200`, alice.headers)).statusCode).toBe(404);
  });

  it("previews the network's logo for anonymous visitors, an SVG as PNG", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="teal"/></svg>',
    );
    const admin = await signedInMember(t.app, t.services, networkId, { admin: true });
    const item = await upload(admin.session, 'assets', 'logo.svg', svg);
    expect(item.type).toBe('image/svg+xml');
    expect((await get(`/api/storage/assets/${item.id}/preview`, anonymous)).statusCode).toBe(404);
    // What the design settings do when the admin saves the logo.
    const actor = {
      userId: admin.user.id,
      membershipId: admin.membership.id,
      networkId,
      isNetworkAdmin: true,
      isExternal: false,
      locale: null,
      sessionId: 'design',
    };
    await t.services.storage.attach(actor, [item.id], { type: NETWORK_OWNER, id: networkId });
    const response = await get(`/api/storage/assets/${item.id}/preview`, anonymous);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 256]);
  });

  it('zips files for a token posted as a form, with duplicate names renamed', async () => {
    const one = await upload(alice, 'files', 'notes.txt', Buffer.from('first notes'));
    const two = await upload(alice, 'files', 'notes.txt', Buffer.from('second notes'));
    const bin = Buffer.alloc(300_000, 9);
    const three = await upload(alice, 'files', 'data.bin', bin);
    const tokenResponse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file_token',
      headers: alice.headers,
      payload: { file_ids: [one.id, two.id, three.id], folder_ids: [], current_folder_id: null },
    });
    expect(tokenResponse.statusCode).toBe(200);
    const { token } = tokenResponse.json<FileTokenAnswer>();

    // A browser form: the cookie, no CSRF header.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v2/archive',
      headers: { host: 'localhost', cookie: alice.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="archive-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['notes.txt', 'notes (2).txt', 'data.bin']);
    expect(entries.map((e) => e.data.length)).toEqual([11, 12, 300_000]);
    expect(entries[2]!.data.equals(bin)).toBe(true);

    // Bob may read none of them: no token for him, and Alice's token is not his.
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file_token',
      headers: bob.headers,
      payload: { file_ids: [one.id] },
    });
    expect(denied.statusCode).toBe(404);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v2/archive',
      headers: { host: 'localhost', cookie: bob.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(stolen.statusCode).toBe(403);
  });
});

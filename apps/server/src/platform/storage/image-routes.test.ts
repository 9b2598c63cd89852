import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_SIZES } from '@agora/contracts';
import { matchesEtag } from '../http/etag.ts';
import { imageRoutes } from './image-routes.ts';
import { renderAssetPreview, renderImageSize, sizeRule } from './images.ts';
import {
  actorFor,
  fakeReader,
  photo,
  routeTestApp,
  tempDirDriver,
  type FakeObject,
  type RouteTestApp,
} from './test-support.ts';

const driver = tempDirDriver();
const reader = fakeReader(driver);
const renderers = { size: vi.fn(renderImageSize), preview: vi.fn(renderAssetPreview) };
const owner = actorFor();
const stranger = actorFor();
let t: RouteTestApp;
let publicImage: FakeObject;
let privateImage: FakeObject;

beforeAll(async () => {
  t = await routeTestApp(imageRoutes({ reader, renderers }));
  publicImage = await reader.add({ directory: 'images', contentType: 'image/jpeg' }, await photo(1600, 1000));
  privateImage = await reader.add(
    { directory: 'images', contentType: 'image/jpeg', readers: [owner.membershipId] },
    await photo(640, 480),
  );
});
afterAll(async () => {
  await t.app.close();
  driver.remove();
});
beforeEach(() => {
  renderers.size.mockClear();
  renderers.preview.mockClear();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

describe('GET /api/storage/images/:id/get/:size', () => {
  it.each(IMAGE_SIZES)('answers %s in the dimensions it names', async (size) => {
    const response = await get(`/api/storage/images/${publicImage.id}/get/${size}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(response.rawPayload).metadata();
    const rule = sizeRule(size);
    expect([meta.width, meta.height]).toEqual(
      rule.fit === 'cover' ? [rule.width, rule.height] : [rule.max, Math.round((rule.max * 1000) / 1600)],
    );
  });

  it('answers 404 for a size the spec does not name, a malformed id and an unknown one', async () => {
    for (const url of [
      `/api/storage/images/${publicImage.id}/get/40x40`,
      `/api/storage/images/${publicImage.id}/get/435x435x1`,
      '/api/storage/images/not-an-id/get/80x80',
      '/api/storage/images/aaaaaaaaaaaaaaaaaaaaaaaa/get/80x80',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
    expect(renderers.size).not.toHaveBeenCalled();
  });

  it('answers 404 to whoever may not read the image, anonymous or signed in', async () => {
    const url = `/api/storage/images/${privateImage.id}/get/80x80`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, t.signIn(stranger))).statusCode).toBe(404);
    const response = await get(url, t.signIn(owner));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('answers 404 for an id of another directory', async () => {
    const asset = await reader.add({ directory: 'assets', contentType: 'image/jpeg' }, await photo(100, 100));
    expect((await get(`/api/storage/images/${asset.id}/get/80x80`)).statusCode).toBe(404);
  });

  it('renders a size once, stores it beside the original and serves it from there', async () => {
    const image = await reader.add({ directory: 'images', contentType: 'image/jpeg' }, await photo(900, 600));
    const url = `/api/storage/images/${image.id}/get/200x200`;
    const first = await get(url);
    expect(renderers.size).toHaveBeenCalledTimes(1);
    const stored = await driver.stat(reader.variantKey(image, '200x200.v1.r1'));
    expect(stored?.size).toBe(first.rawPayload.length);

    const second = await get(url);
    expect(renderers.size).toHaveBeenCalledTimes(1);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('renders once for concurrent first requests of one size', async () => {
    const image = await reader.add({ directory: 'images', contentType: 'image/jpeg' }, await photo(1200, 900));
    const url = `/api/storage/images/${image.id}/get/457x457`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(renderers.size).toHaveBeenCalledTimes(1);
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('answers 304 when the ETag matches, without touching the bytes', async () => {
    const url = `/api/storage/images/${publicImage.id}/get/128`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const get2 = vi.spyOn(driver, 'get');
    try {
      const cached = await get(url, { 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(etag);
      expect(cached.headers['cache-control']).toBe('private, max-age=86400');
      expect(get2).not.toHaveBeenCalled();
    } finally {
      get2.mockRestore();
    }
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    // ETags differ per size.
    expect((await get(`/api/storage/images/${publicImage.id}/get/100`)).headers.etag).not.toBe(etag);
  });

  it('still answers 404 to an unreadable image when an ETag is sent', async () => {
    const ok = await get(`/api/storage/images/${privateImage.id}/get/50`, t.signIn(owner));
    const response = await get(`/api/storage/images/${privateImage.id}/get/50`, {
      'if-none-match': ok.headers.etag as string,
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 415 for a stored object that is no image', async () => {
    const broken = await reader.add({ directory: 'images', contentType: 'image/jpeg' }, Buffer.from('no image at all'));
    const response = await get(`/api/storage/images/${broken.id}/get/80x80`);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'image_unreadable' });
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('GET /api/storage/assets/:id/preview', () => {
  it('answers a public logo to anonymous visitors, inside 512x512', async () => {
    const logo = await reader.add({ directory: 'assets', contentType: 'image/jpeg' }, await photo(1024, 256));
    const response = await get(`/api/storage/assets/${logo.id}/preview`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 128]);
    expect(response.headers.etag).toBeDefined();
    await get(`/api/storage/assets/${logo.id}/preview`);
    expect(renderers.preview).toHaveBeenCalledTimes(1);
  });

  it('serves an SVG as a PNG, never as SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40"/></svg>',
    );
    const logo = await reader.add({ directory: 'assets', contentType: 'image/svg+xml' }, svg);
    for (let i = 0; i < 2; i++) {
      const response = await get(`/api/storage/assets/${logo.id}/preview`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    }
  });

  it('serves a favicon in ICO as it is, which sharp cannot read', async () => {
    const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
    const favicon = await reader.add({ directory: 'assets', contentType: 'image/x-icon' }, ico);
    const response = await get(`/api/storage/assets/${favicon.id}/preview`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.rawPayload.equals(ico)).toBe(true);
    const cached = await get(`/api/storage/assets/${favicon.id}/preview`, {
      'if-none-match': response.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it('answers 404 for what the requester may not read and for images of the images directory', async () => {
    const privateAsset = await reader.add(
      { directory: 'assets', contentType: 'image/jpeg', readers: [owner.membershipId] },
      await photo(50, 50),
    );
    expect((await get(`/api/storage/assets/${privateAsset.id}/preview`)).statusCode).toBe(404);
    expect((await get(`/api/storage/assets/${privateAsset.id}/preview`, t.signIn(owner))).statusCode).toBe(200);
    expect((await get(`/api/storage/assets/${publicImage.id}/preview`)).statusCode).toBe(404);
  });
});

describe('matchesEtag', () => {
  it('reads lists, weak tags and the wildcard', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"ab"', '"a"')).toBe(false);
  });
});

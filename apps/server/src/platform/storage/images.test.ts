import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@agora/contracts';
import {
  isImageSize,
  renderAssetPreview,
  renderImageSize,
  sizeRule,
  UnreadableImageError,
  variantContentType,
} from './images.ts';
import { photo } from './test-support.ts';

const stream = (bytes: Buffer) => Readable.from([bytes]);

describe('image sizes', () => {
  it('knows the sizes of the spec and nothing else', () => {
    expect(IMAGE_SIZES.every(isImageSize)).toBe(true);
    expect(isImageSize('40x40')).toBe(false);
    expect(isImageSize('preview')).toBe(false);
    expect(sizeRule('435x435')).toEqual({ fit: 'cover', width: 435, height: 435 });
    expect(sizeRule('1920x1200')).toEqual({ fit: 'cover', width: 1920, height: 1200 });
    expect(sizeRule('300')).toEqual({ fit: 'inside', max: 300 });
  });

  it.each(IMAGE_SIZES)('renders %s with the dimensions the size names', async (size) => {
    const original = await photo(1200, 800);
    const image = await renderImageSize(stream(original), size);
    const meta = await sharp(image.data).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: image.width, height: image.height });
    const rule = sizeRule(size);
    if (rule.fit === 'cover') {
      expect([meta.width, meta.height]).toEqual([rule.width, rule.height]);
    } else {
      // Landscape 3:2: the longer side is the size, the shorter one keeps the ratio.
      expect(meta.width).toBe(rule.max);
      expect(meta.height).toBe(Math.round((rule.max * 800) / 1200));
    }
    expect(meta.format).toBe('jpeg');
    expect(image.contentType).toBe('image/jpeg');
  });

  it('fills a WxH size also from a smaller original, and never enlarges for a single number', async () => {
    const small = await photo(60, 40);
    const cover = await sharp((await renderImageSize(stream(small), '200x200')).data).metadata();
    expect([cover.width, cover.height]).toEqual([200, 200]);
    const inside = await sharp((await renderImageSize(stream(small), '300')).data).metadata();
    expect([inside.width, inside.height]).toEqual([60, 40]);
  });

  it('turns the pixels as the EXIF orientation says and drops the tag', async () => {
    // Orientation 6: stored landscape 300x200, shown portrait 200x300 (rotated 90° clockwise).
    const original = await photo(300, 200, { orientation: 6 });
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const image = await renderImageSize(stream(original), '300');
    const meta = await sharp(image.data).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
  });

  it('strips EXIF, XMP, IPTC and ICC metadata', async () => {
    const original = await sharp(await photo(400, 300))
      .withExif({ IFD0: { Copyright: 'Someone', Artist: 'A camera owner' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    for (const size of ['80x80', '100'] as const) {
      const meta = await sharp((await renderImageSize(stream(original), size)).data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it('keeps transparency as PNG', async () => {
    const logo = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const image = await renderImageSize(stream(logo), '100');
    expect(image.contentType).toBe('image/png');
    const meta = await sharp(image.data).metadata();
    expect([meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual(['png', true, 100, 50]);
  });

  it('refuses what is no image', async () => {
    await expect(renderImageSize(stream(Buffer.from('%PDF-1.7 not an image')), '80x80')).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });

  it('names the type of a stored variant from its first bytes', async () => {
    expect(variantContentType(await photo(10, 10))).toBe('image/jpeg');
    expect(
      variantContentType(
        await sharp(await photo(10, 10))
          .png()
          .toBuffer(),
      ),
    ).toBe('image/png');
    expect(variantContentType(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('asset previews', () => {
  it('fits inside 512x512 without enlarging', async () => {
    const big = await renderAssetPreview(stream(await photo(2048, 1024)), 'image/jpeg');
    expect([big.width, big.height, big.contentType]).toEqual([512, 256, 'image/jpeg']);
    const small = await renderAssetPreview(stream(await photo(64, 32)), 'image/jpeg');
    expect([small.width, small.height]).toEqual([64, 32]);
  });

  it('rasterises SVG to a PNG whose longer side is 512, whatever size the SVG declares', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="16" viewBox="0 0 32 16">' +
        '<rect width="32" height="16" fill="red"/><script>alert(1)</script></svg>',
    );
    const preview = await renderAssetPreview(stream(svg), 'image/svg+xml');
    const meta = await sharp(preview.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 256]);
    expect(preview.contentType).toBe('image/png');
    expect(preview.data.includes('<script>')).toBe(false);
  });
});

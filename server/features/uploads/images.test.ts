import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { HttpError } from '../../lib/http-errors';
import { detectImageType, reencodeImage } from '../../lib/images';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } });

const SCRIPTED_SVG = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment first -->
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" onload="alert('onload')">
  <script>alert('pwned')</script>
  <rect width="120" height="80" fill="#3a7" onclick="alert('click')"/>
</svg>`,
);

async function expectHttpError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(status);
  expect((error as HttpError).message).toBe(message);
}

/** A real PNG whose header claims other dimensions (a "decompression bomb" header). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(8, 8).png().toBuffer());
  // IHDR data starts at byte 16: width, height; its CRC covers type + data (bytes 12..29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('detectImageType', () => {
  it('goes by the bytes, never by a name or declared type', async () => {
    expect(detectImageType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(4, 4).gif().toBuffer())).toBe('gif');
    expect(detectImageType(SCRIPTED_SVG)).toBe('svg');
    expect(detectImageType(Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>'))).toBe('svg');
    expect(detectImageType(await solid(4, 4).webp().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7 not an image'))).toBeNull();
    expect(detectImageType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(detectImageType(Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('turns a PNG into WebP of the same size', async () => {
    const out = await reencodeImage(await solid(64, 64).png().toBuffer());
    expect(out).toMatchObject({ contentType: 'image/webp', width: 64, height: 64, sourceType: 'png' });
    expect((await sharp(out.data).metadata()).format).toBe('webp');
    expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('drops EXIF (GPS, owner) and applies the EXIF orientation', async () => {
    const jpeg = await solid(80, 40)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(jpeg.includes('Secret Owner')).toBe(true);

    const out = await reencodeImage(jpeg);
    const after = await sharp(out.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.data.includes('Secret Owner')).toBe(false);
    // Orientation 6 is a quarter turn: 80x40 shows as 40x80, and nothing is left to rotate it twice.
    expect([out.width, out.height]).toEqual([40, 80]);
    expect(after.orientation ?? 1).toBe(1);
  });

  it('scales large images to at most 1200 px a side, never enlarging small ones', async () => {
    const big = await reencodeImage(await solid(3000, 2000).png().toBuffer());
    expect([big.width, big.height]).toEqual([1200, 800]);
    const square = await reencodeImage(await solid(300, 200).png().toBuffer(), { square: 128 });
    expect([square.width, square.height]).toEqual([128, 128]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    // Three 16x16 frames: red, green, blue.
    const raw = Buffer.alloc(16 * 48 * 4);
    for (let i = 0; i < raw.length; i += 4) {
      const frame = Math.floor(i / 4 / (16 * 16));
      raw.set([frame === 0 ? 255 : 0, frame === 1 ? 255 : 0, frame === 2 ? 255 : 0, 255], i);
    }
    const animated = await sharp(raw, { raw: { width: 16, height: 48, channels: 4, pageHeight: 16 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);

    const out = await reencodeImage(animated);
    expect(out.sourceType).toBe('gif');
    expect([out.width, out.height]).toEqual([16, 16]);
    expect((await sharp(out.data).metadata()).pages ?? 1).toBe(1);
    const { data } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red: the first frame
    expect(data[1]).toBeLessThan(50);
  });

  it('rasterises an SVG with scripts and handlers into inert WebP pixels', async () => {
    const out = await reencodeImage(SCRIPTED_SVG);
    expect(out.sourceType).toBe('svg');
    expect((await sharp(out.data).metadata()).format).toBe('webp');
    expect([out.width, out.height]).toEqual([120, 80]);
    const text = out.data.toString('latin1');
    for (const needle of ['<svg', 'script', 'alert', 'onload', 'onclick']) expect(text).not.toContain(needle);
  });

  it('refuses what is not an image', async () => {
    await expectHttpError(reencodeImage(Buffer.from('just some text')), 400, SHRO_MESSAGES.imageType);
    await expectHttpError(reencodeImage(Buffer.alloc(0)), 400, SHRO_MESSAGES.imageType);
    await expectHttpError(reencodeImage(await solid(8, 8).webp().toBuffer()), 400, SHRO_MESSAGES.imageType);
    // A PNG signature glued onto junk.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    await expectHttpError(reencodeImage(fake), 400, SHRO_MESSAGES.imageType);
    // A truncated JPEG.
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    await expectHttpError(reencodeImage(jpeg.subarray(0, 300)), 400, SHRO_MESSAGES.imageType);
  });

  it('refuses files over 5 MB and images over 50 megapixels before decoding them', async () => {
    await expectHttpError(reencodeImage(Buffer.alloc(5 * 1024 * 1024 + 1)), 413, SHRO_MESSAGES.imageTooLarge);
    await expectHttpError(reencodeImage(await pngClaiming(20_000, 20_000)), 400, SHRO_MESSAGES.imageDimensions);
  });
});

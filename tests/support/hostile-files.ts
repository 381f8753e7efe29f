import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';

/** Files an attacker or a broken client uploads instead of a picture. */
export async function hostileFiles(): Promise<Record<string, Buffer>> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer();
  return {
    png,
    truncatedPng: png.subarray(0, 40),
    pngHeaderOnly: png.subarray(0, 8),
    pixelBomb: withPngSize(png, 200_000, 200_000),
    zeroSizePng: withPngSize(png, 0, 0),
    empty: Buffer.alloc(0),
    random: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256)),
    gifHeaderOnly: Buffer.from('GIF89a'),
    jpegMagicThenJunk: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 0x41)]),
    svgScript: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="window.__xss=1"><script>window.__xss=1</script><rect width="10" height="10"/></svg>',
    ),
    svgEntity: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ),
    svgExternalImage: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="http://169.254.169.254/latest" width="10" height="10"/></svg>',
    ),
    svgHuge: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%"/></svg>',
    ),
    html: Buffer.from('<!doctype html><script>window.__xss=1</script>'),
    nulls: Buffer.alloc(1024),
  };
}

/** The same PNG with a different size in its header (and a valid header checksum). */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8) + length (4) + "IHDR" (4), then width and height.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)) >>> 0, 29);
  return copy;
}

export interface RawPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart body written by hand, so it can be broken in ways FormData never would. */
export function rawMultipart(
  parts: RawPart[],
  damage: 'none' | 'no-closing-boundary' | 'wrong-boundary' | 'no-headers' | 'lf-only' | 'truncated',
): { payload: Buffer; contentType: string } {
  const boundary = '----shrofuzz7MA4YWxkTrZu0gW';
  const eol = damage === 'lf-only' ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${eol}`));
    if (damage !== 'no-headers') {
      const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"${filename}${eol}`));
      if (part.contentType) chunks.push(Buffer.from(`Content-Type: ${part.contentType}${eol}`));
    }
    chunks.push(Buffer.from(eol), part.data, Buffer.from(eol));
  }
  if (damage !== 'no-closing-boundary' && damage !== 'truncated') chunks.push(Buffer.from(`--${boundary}--${eol}`));
  let payload = Buffer.concat(chunks);
  if (damage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const declared = damage === 'wrong-boundary' ? 'not-the-boundary' : boundary;
  return { payload, contentType: `multipart/form-data; boundary=${declared}` };
}

export const multipartDamage = fc.constantFrom(
  'none',
  'none',
  'none',
  'no-closing-boundary',
  'wrong-boundary',
  'no-headers',
  'lf-only',
  'truncated',
) as fc.Arbitrary<Parameters<typeof rawMultipart>[1]>;

import { createHash } from 'node:crypto';
import os from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, SHRO_MESSAGES } from '../../contract/shros';
import { badRequest, payloadTooLarge } from './http-errors';

/** The formats users may upload (docs/product.md §2 Legal and support: JPG, PNG, GIF or SVG up to 5MB). */
export type SourceImageType = 'jpeg' | 'png' | 'gif' | 'svg';

/** Images above this many pixels are refused before decoding (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side of a stored display image. */
const DISPLAY_MAX_DIMENSION = 1200;

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** Hex SHA-256 of `data`. */
  sha256: string;
  sourceType: SourceImageType;
}

export interface ReencodeOptions {
  /** Fit inside this many pixels a side, never enlarging (default 1200). */
  maxDimension?: number;
  /** Crop to a centred square of this many pixels a side instead (avatars). */
  square?: number;
}

/**
 * Every decode and re-encode of this process waits its turn here: a burst of uploads queues
 * instead of decoding dozens of images (and holding their pixels) at once. Process-wide on
 * purpose, whoever sends the images; sized at start from IMAGE_WORK_CONCURRENCY.
 */
const imageWork = pLimit(os.availableParallelism());

/** Sets how many images this process decodes and re-encodes at once (the rest wait their turn). */
export function configureImageWork({ concurrency }: { concurrency: number }): void {
  imageWork.concurrency = Math.max(1, Math.floor(concurrency));
}

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((byte, index) => data[index] === byte);

/**
 * What the bytes are, whatever the upload claimed to be: JPEG, PNG and GIF by their magic numbers,
 * SVG by an `<svg` root after the optional XML declaration, comments and doctype. Null otherwise.
 */
export function detectImageType(data: Buffer): SourceImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return looksLikeSvg(data) ? 'svg' : null;
}

function looksLikeSvg(data: Buffer): boolean {
  const sample = data.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  let text = sample.toString('utf8').replace(/^\uFEFF/, '');
  // Entity declarations are how XML bombs and external-entity reads work; no real icon needs them.
  if (/<!ENTITY/i.test(text)) return false;
  for (;;) {
    text = text.trimStart();
    const prolog = /^(?:<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)/i.exec(text);
    if (!prolog) break;
    text = text.slice(prolog[0].length);
  }
  return /^<svg[\s>]/i.test(text);
}

function imageError(error: unknown): Error {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return badRequest(SHRO_MESSAGES.imageDimensions);
  return badRequest(SHRO_MESSAGES.imageType);
}

/**
 * Checks an upload by its content and re-encodes it to WebP: auto-rotated by its EXIF
 * orientation, every piece of metadata (EXIF, GPS, XMP, ICC, comments) dropped, resized for
 * display, first frame only for GIFs. SVG is rasterised, so it is never served as active content.
 * Bad input is a 400/413 `HttpError`, never a crash.
 */
export async function reencodeImage(input: Buffer, options: ReencodeOptions = {}): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) throw payloadTooLarge(SHRO_MESSAGES.imageTooLarge);
  const sourceType = detectImageType(input);
  if (!sourceType) throw badRequest(SHRO_MESSAGES.imageType);
  return imageWork(() => decodeAndEncode(input, sourceType, options));
}

async function decodeAndEncode(
  input: Buffer,
  sourceType: SourceImageType,
  options: ReencodeOptions,
): Promise<ProcessedImage> {
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
  let format: string | undefined;
  try {
    format = (await open().metadata()).format;
  } catch (error) {
    throw imageError(error);
  }
  // The decoder must agree with the sniffed type: a PNG header glued onto something else is refused.
  if (format !== sourceType) throw badRequest(SHRO_MESSAGES.imageType);

  try {
    let pipeline = open().autoOrient();
    pipeline = options.square
      ? pipeline.resize({ width: options.square, height: options.square, fit: 'cover', position: 'centre' })
      : pipeline.resize({
          width: options.maxDimension ?? DISPLAY_MAX_DIMENSION,
          height: options.maxDimension ?? DISPLAY_MAX_DIMENSION,
          fit: 'inside',
          withoutEnlargement: true,
        });
    // sharp writes no metadata unless asked to (keepMetadata/withExif), so GPS and friends are gone.
    const { data, info } = await pipeline.webp({ quality: 82, effort: 4 }).toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
      sourceType,
    };
  } catch (error) {
    throw imageError(error);
  }
}

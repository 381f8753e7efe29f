import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LruCache } from './lru-cache';

/** Answers smaller than this go as they are: the few hundred bytes saved are not worth the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality for answers compressed at run time (JSON, the server-rendered page), chosen by
 * measurement (decision 022): on a Shro view, 4 costs about what gzip's default costs and is a
 * little smaller; the highest qualities cost far more than they save.
 */
const BROTLI_QUALITY = 4;
/** gzip level for clients without brotli: zlib's default balance of size and time. */
const GZIP_LEVEL = 6;

export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
export const GZIP_OPTIONS = { level: GZIP_LEVEL };

export type BodyEncoding = 'br' | 'gzip';

const negotiator = new Negotiator<BodyEncoding>({ supportedValues: ['br', 'gzip'] });
/**
 * Accept-Encoding values repeat (one per browser version): a small bounded memo of the answers,
 * keyed by the header as it came, so a known header costs one look-up (decision 157).
 */
const chosen = new LruCache<BodyEncoding | null>(256, Number.POSITIVE_INFINITY);
/** A browser's Accept-Encoding is under 40 characters. */
const MAX_KEPT_HEADER = 128;

/**
 * The encoding an answer of `byteLength` bytes gets for this Accept-Encoding header (brotli
 * first), or null: too small, or nothing accepted. `*` and `x-gzip` count as gzip, as in
 * @fastify/compress, so both paths answer one client the same way.
 */
export function chooseEncoding(acceptEncoding: string | undefined, byteLength: number): BodyEncoding | null {
  if (!acceptEncoding || byteLength < COMPRESSION_THRESHOLD_BYTES) return null;
  // Longer headers are negotiated each time: junk cannot fill the memo with large keys.
  const keep = acceptEncoding.length <= MAX_KEPT_HEADER;
  const known = keep ? chosen.get(acceptEncoding) : undefined;
  if (known !== undefined) return known;
  const encoding = negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  if (keep) chosen.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * A text answer kept between requests (a Shro view in the read cache) with its compressed forms,
 * each made once, on the first request that asks for it: a cached read then costs no compression.
 */
export class KeptText {
  readonly byteLength: number;
  private br?: Buffer;
  private gzip?: Buffer;

  constructor(readonly text: string) {
    this.byteLength = Buffer.byteLength(text);
  }

  encodedAs(encoding: BodyEncoding): Buffer {
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.text, BROTLI_OPTIONS);
      return this.br;
    }
    this.gzip ??= gzipSync(this.text, GZIP_OPTIONS);
    return this.gzip;
  }
}

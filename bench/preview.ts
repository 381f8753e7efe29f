/**
 * The Shro preview image's cost (issue 13 item 6, decision 125), on the app server: each seeded
 * Shro's first GET renders its image (cold), repeats come from the rendered-image cache, and a
 * request with the ETag is answered 304 without the PNG.
 */
import type { SeedInfo } from './app-server';
import { SIZES } from './sizes';

export interface PreviewFigures {
  /** Milliseconds of each cold request (read, render, send), in order: the first also loads the fonts. */
  coldMs: number[];
  /** Milliseconds of each request answered from the cache. */
  hitMs: number[];
  /** Milliseconds of each 304. */
  notModifiedMs: number[];
  /** Size of each rendered PNG. */
  bytes: number[];
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, etag: response.headers.get('etag'), body };
}

export async function measurePreviews(port: number, seed: SeedInfo): Promise<PreviewFigures> {
  const figures: PreviewFigures = { coldMs: [], hitMs: [], notModifiedMs: [], bytes: [] };
  const urlOf = (id: string) => `http://127.0.0.1:${port}/api/sessions/${id}/preview.png`;
  let etag = '';
  for (const id of seed.previewShroIds) {
    const cold = await timed(urlOf(id));
    if (cold.status !== 200) throw new Error(`preview answered ${cold.status}: ${cold.body.toString().slice(0, 200)}`);
    figures.coldMs.push(cold.ms);
    figures.bytes.push(cold.body.length);
    etag = cold.etag ?? '';
  }
  const last = urlOf(seed.previewShroIds[seed.previewShroIds.length - 1]!);
  const repeats = SIZES.rounds * 10;
  for (let i = 0; i < repeats; i++) {
    const hit = await timed(last);
    if (hit.status !== 200) throw new Error(`cached preview answered ${hit.status}`);
    figures.hitMs.push(hit.ms);
    const revalidated = await timed(last, { 'if-none-match': etag });
    if (revalidated.status !== 304) throw new Error(`revalidation answered ${revalidated.status}, not 304`);
    figures.notModifiedMs.push(revalidated.ms);
  }
  return figures;
}

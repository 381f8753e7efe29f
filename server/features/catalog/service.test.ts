import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { posterUrl, type TitleSearchResult } from '../../../contract/catalog';
import { escapeXml } from '../../lib/escape-xml';
import { HttpError } from '../../lib/http-errors';
import { offlineMovies } from './offline-movies';
import { offlineTv } from './offline-tv';
import { buildPosterSvg, wrapTitle } from './poster-svg';
import { clearTitleSearchCache, renderPoster, SEARCH_CACHE_TTL_MS, searchTitles } from './service';

const OFFLINE = { baseUrl: 'http://127.0.0.1:1' };
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function expectHttpError(promise: Promise<unknown>, statusCode: number, message?: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(statusCode);
  if (message) expect((error as HttpError).message).toBe(message);
}

describe('offline catalogue', () => {
  it.each([
    ['movie', offlineMovies, 320],
    ['tv', offlineTv, 210],
  ] as const)('%s list is large, well-formed and has unique ids and titles', (_kind, list, minimum) => {
    expect(list.length).toBeGreaterThanOrEqual(minimum);
    expect(new Set(list.map((entry) => entry.id)).size).toBe(list.length);
    expect(new Set(list.map((entry) => entry.title.toLowerCase())).size).toBe(list.length);
    for (const entry of list) {
      expect(entry.title.trim()).not.toBe('');
      expect(entry.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(entry.releaseDate))).toBe(false);
      expect(entry.voteAverage).toBeGreaterThanOrEqual(0);
      expect(entry.voteAverage).toBeLessThanOrEqual(10);
      expect(Math.round(entry.voteAverage * 10) / 10).toBe(entry.voteAverage);
      expect(entry.genre).not.toBe('');
    }
  });
});

describe('searchTitles offline', () => {
  it('ranks title-start matches, then word-start, then substring; ties by rating', async () => {
    const titles = (await searchTitles('movie', 'king', OFFLINE)).map((result) => result.title);
    expect(titles).toEqual([
      'Kingsman: The Secret Service', // starts with the query (7.6)
      'King Kong', // starts with the query (6.9)
      'The Lord of the Rings: The Return of the King', // word start (8.5)
      'The Lion King', // word start (8.3)
      "The King's Speech", // word start (7.7)
      'Moonrise Kingdom', // word start (7.6)
      'Lock, Stock and Two Smoking Barrels', // inside a word
    ]);
    const ark = (await searchTitles('movie', 'ark', OFFLINE)).map((result) => result.title);
    expect(ark[0]).toBe('Raiders of the Lost Ark');
    expect(ark.slice(1)).toEqual([
      'The Dark Knight',
      'Jurassic Park',
      'The Dark Knight Rises',
      'The Lost World: Jurassic Park',
    ]);
  });

  it('orders a full page of prefix matches by rating and stops at 8', async () => {
    const results = await searchTitles('tv', 'the', OFFLINE);
    expect(results).toHaveLength(8);
    expect(results.every((result) => result.title.toLowerCase().startsWith('the'))).toBe(true);
    const ratings = results.map((result) => result.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('is case-insensitive, ignores accents and punctuation, and caps at 8 results', async () => {
    const upper = await searchTitles('movie', '  HARRY POTTER ', OFFLINE);
    expect(upper).toHaveLength(8);
    expect(upper.every((result) => result.title.startsWith('Harry Potter'))).toBe(true);
    const spider = await searchTitles('movie', 'spiderman', OFFLINE);
    expect(spider.map((result) => result.title)).toContain('Spider-Man: No Way Home');
  });

  it('maps entries to the spec shape with our own poster path', async () => {
    const [office] = await searchTitles('tv', 'the office', OFFLINE);
    const entry = offlineTv.find((title) => title.title === 'The Office');
    expect(office).toEqual<TitleSearchResult>({
      id: entry!.id,
      title: 'The Office',
      poster_path: `/api/catalog/posters/tv/${entry!.id}.png`,
      release_date: entry!.releaseDate,
      vote_average: entry!.voteAverage,
    });
    expect(posterUrl(office!.poster_path)).toBe(office!.poster_path);
  });

  it('returns an empty list when nothing matches', async () => {
    expect(await searchTitles('tv', 'zzqqxx', OFFLINE)).toEqual([]);
  });

  it('rejects queries shorter than 3 characters after trimming, and over 100', async () => {
    await expectHttpError(searchTitles('movie', '  ab  ', OFFLINE), 400, 'Type at least 3 characters to search');
    await expectHttpError(searchTitles('tv', '', OFFLINE), 400, 'Type at least 3 characters to search');
    await expectHttpError(searchTitles('movie', 'x'.repeat(101), OFFLINE), 400);
    await expect(searchTitles('movie', 'x'.repeat(100), OFFLINE)).resolves.toEqual([]);
  });
});

type FakeTmdb = {
  baseUrl: string;
  requests: URL[];
  status: number;
  close: () => Promise<void>;
};

const tmdbMovies = [
  {
    id: 603,
    title: 'The Matrix',
    poster_path: '/matrix.jpg',
    release_date: '1999-03-31',
    vote_average: 8.2,
    adult: false,
  },
  { id: 604, title: 'The Matrix Reloaded', poster_path: null, release_date: '2003-05-15', vote_average: 7.0 },
  ...Array.from({ length: 10 }, (_, i) => ({
    id: 1000 + i,
    title: `Matrix Extra ${i}`,
    poster_path: `/extra${i}.jpg`,
    release_date: '',
    vote_average: 5,
  })),
];
const tmdbTv = [
  { id: 1399, name: 'Game of Thrones', poster_path: '/got.jpg', first_air_date: '2011-04-17', vote_average: 8.4 },
];

async function startFakeTmdb(): Promise<FakeTmdb> {
  const fake: FakeTmdb = { baseUrl: '', requests: [], status: 200, close: async () => {} };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(url);
    if (fake.status !== 200) {
      response.writeHead(fake.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status_message: 'boom' }));
      return;
    }
    const results = url.pathname.endsWith('/search/tv') ? tmdbTv : tmdbMovies;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ page: 1, results, total_results: results.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/3`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

describe('searchTitles with TMDB', () => {
  let tmdb: FakeTmdb;
  let clock = 1_000_000;
  const now = () => clock;
  const withKey = () => ({ apiKey: 'test-key', baseUrl: tmdb.baseUrl, now });

  beforeAll(async () => {
    tmdb = await startFakeTmdb();
  });
  afterAll(async () => {
    await tmdb.close();
  });
  beforeEach(() => {
    clearTitleSearchCache();
    tmdb.requests.length = 0;
    tmdb.status = 200;
    clock = 1_000_000;
  });

  it('forwards the key and query and maps movies, first 8 only', async () => {
    const results = await searchTitles('movie', ' matrix & co ', withKey());
    expect(tmdb.requests).toHaveLength(1);
    const forwarded = tmdb.requests[0]!;
    expect(forwarded.pathname).toBe('/3/search/movie');
    expect(forwarded.searchParams.get('api_key')).toBe('test-key');
    expect(forwarded.searchParams.get('query')).toBe('matrix & co');
    expect(forwarded.searchParams.get('include_adult')).toBe('false');
    expect(results).toHaveLength(8);
    expect(results[0]).toEqual({
      id: 603,
      title: 'The Matrix',
      poster_path: '/matrix.jpg',
      release_date: '1999-03-31',
      vote_average: 8.2,
    });
    expect(results[1]?.poster_path).toBeNull();
    expect(posterUrl(results[0]!.poster_path)).toBe('https://image.tmdb.org/t/p/w500/matrix.jpg');
  });

  it('maps TV name and first air date', async () => {
    const results = await searchTitles('tv', 'thrones', withKey());
    expect(tmdb.requests[0]?.pathname).toBe('/3/search/tv');
    expect(results).toEqual([
      { id: 1399, title: 'Game of Thrones', poster_path: '/got.jpg', release_date: '2011-04-17', vote_average: 8.4 },
    ]);
  });

  it('caches per kind and lowercased query for 5 minutes', async () => {
    const first = await searchTitles('movie', 'Matrix', withKey());
    const second = await searchTitles('movie', 'matrix', withKey());
    expect(second).toEqual(first);
    expect(tmdb.requests).toHaveLength(1);

    await searchTitles('tv', 'matrix', withKey());
    expect(tmdb.requests).toHaveLength(2);

    clock += SEARCH_CACHE_TTL_MS - 1;
    await searchTitles('movie', 'MATRIX', withKey());
    expect(tmdb.requests).toHaveLength(2);

    clock += 2;
    await searchTitles('movie', 'matrix', withKey());
    expect(tmdb.requests).toHaveLength(3);
  });

  it('falls back to the offline catalogue when TMDB fails, without caching the fallback', async () => {
    tmdb.status = 500;
    const failures: unknown[] = [];
    const results = await searchTitles('movie', 'matrix', { ...withKey(), onFallback: (e) => failures.push(e) });
    expect(results.map((result) => result.title)).toContain('The Matrix');
    expect(results[0]?.poster_path).toMatch(/^\/api\/catalog\/posters\/movie\/\d+\.png$/);
    expect(failures).toHaveLength(1);

    tmdb.status = 200;
    const live = await searchTitles('movie', 'matrix', withKey());
    expect(live[0]?.id).toBe(603);
    expect(tmdb.requests).toHaveLength(2);
  });

  it('falls back when TMDB cannot be reached at all', async () => {
    const results = await searchTitles('tv', 'breaking', { apiKey: 'k', baseUrl: 'http://127.0.0.1:1/3', now });
    expect(results[0]?.title).toBe('Breaking Bad');
  });

  it('still rejects short queries without calling TMDB', async () => {
    await expectHttpError(searchTitles('movie', 'ab', withKey()), 400);
    expect(tmdb.requests).toHaveLength(0);
  });
});

describe('renderPoster', () => {
  it('renders a 500x750 PNG for an offline title', async () => {
    const png = await renderPoster('movie', 1);
    expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe('png');
    expect(metadata.width).toBe(500);
    expect(metadata.height).toBe(750);
    // Served from memory the second time.
    expect(await renderPoster('movie', 1)).toBe(png);
  });

  it('renders TV posters too', async () => {
    const metadata = await sharp(await renderPoster('tv', offlineTv.length)).metadata();
    expect([metadata.width, metadata.height]).toEqual([500, 750]);
  });

  it('escapes XML special characters in titles', async () => {
    const title = {
      id: 7,
      title: `Tom & Jerry <"Cat's"> ${'Supercalifragilistic'.repeat(3)} and more words here`,
      releaseDate: '1999-01-01',
      voteAverage: 7.5,
      genre: 'Comedy & <Fun>',
    };
    const svg = buildPosterSvg('movie', title);
    expect(svg).toContain('Tom &amp; Jerry');
    expect(svg).toContain('&lt;&quot;Cat&apos;s&quot;&gt;');
    expect(svg).not.toContain('<"Cat');
    const metadata = await sharp(Buffer.from(svg)).metadata();
    expect([metadata.width, metadata.height]).toEqual([500, 750]);
    // Real catalogue titles with & and ' render as well.
    const ampersand = offlineMovies.find((entry) => entry.title.includes('&'));
    expect(ampersand).toBeDefined();
    const png = await renderPoster('movie', ampersand!.id);
    expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  });

  it('wraps titles and breaks over-long words', () => {
    expect(wrapTitle('The Lord of the Rings: The Return of the King', 14)).toEqual([
      'The Lord of',
      'the Rings: The',
      'Return of the',
      'King',
    ]);
    expect(wrapTitle('Supercalifragilistic', 10)).toEqual(['Supercali-', 'fragilist-', 'ic']);
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('answers 404 for an unknown id', async () => {
    await expectHttpError(renderPoster('movie', 999_999), 404);
    await expectHttpError(renderPoster('tv', 0), 404);
  });
});

import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorCompiler } from '../../lib/schema-compilers';
import errorHandler from '../../plugins/error-handler';
import { catalogRoutes } from './routes';

describe('catalog routes', () => {
  let app: FastifyInstance;
  let hookCalls = 0;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The error handler answers in the request's language, read from cookies among others.
    await app.register(cookie);
    await app.register(errorHandler);
    await app.register(catalogRoutes, {
      tmdbBaseUrl: 'http://127.0.0.1:1/3',
      searchHooks: {
        preValidation: async () => {
          hookCalls += 1;
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('rejects an unknown kind with 400 {message}', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/tmdb/search/books?query=dune' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Search type must be "movie" or "tv"', code: expect.any(String) });
  });

  it('rejects a short or missing query with the spec message', async () => {
    for (const url of [
      '/api/tmdb/search/movie?query=du',
      '/api/tmdb/search/movie?query=%20%20du%20',
      '/api/tmdb/search/tv',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Type at least 3 characters to search', code: expect.any(String) });
    }
  });

  it('rejects a repeated query parameter with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/tmdb/search/movie?query=dune&query=alien' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/query/);
  });

  it('answers results for a good query and runs the search hooks', async () => {
    const before = hookCalls;
    const response = await app.inject({
      method: 'GET',
      url: `/api/tmdb/search/movie?query=${encodeURIComponent('dune')}`,
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<Record<string, unknown>> };
    expect(results.map((result) => result.title)).toEqual(['Dune: Part Two', 'Dune']);
    expect(Object.keys(results[0]!).sort()).toEqual(['id', 'poster_path', 'release_date', 'title', 'vote_average']);
    expect(hookCalls).toBe(before + 1);

    const tv = await app.inject({ method: 'GET', url: '/api/tmdb/search/tv?query=sherlock' });
    expect(tv.json().results[0]).toMatchObject({ title: 'Sherlock', release_date: '2010-07-25' });
  });

  it('serves a poster as a cacheable PNG without the search hooks', async () => {
    const before = hookCalls;
    const search = await app.inject({ method: 'GET', url: '/api/tmdb/search/movie?query=inception' });
    const posterPath = search.json().results[0].poster_path as string;
    const response = await app.inject({ method: 'GET', url: posterPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 500, 750]);
    expect(hookCalls).toBe(before + 1);
  });

  it('answers 404 for a bad poster file, kind or id', async () => {
    for (const url of [
      '/api/catalog/posters/movie/1.jpg',
      '/api/catalog/posters/movie/abc.png',
      '/api/catalog/posters/movie/..%2F1.png',
      '/api/catalog/posters/books/1.png',
      '/api/catalog/posters/tv/999999.png',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Poster not found', code: expect.any(String) });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isAllowedPosterUrl, offlinePosterPath, posterUrl } from './catalog';

describe('posterUrl', () => {
  it('points TMDB paths at the w500 image service and keeps ours', () => {
    expect(posterUrl('/abc.jpg')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(posterUrl('abc.jpg')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(posterUrl('/api/catalog/posters/movie/1.png')).toBe('/api/catalog/posters/movie/1.png');
    expect(posterUrl('https://image.tmdb.org/t/p/w500/abc.jpg')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(posterUrl(null)).toBeNull();
    expect(posterUrl(undefined)).toBeNull();
    expect(posterUrl('')).toBeNull();
  });

  it('gives URLs the create rules accept, for TMDB paths and offline posters alike', () => {
    expect(isAllowedPosterUrl(posterUrl('/qJ2tW6WMUDux911r6m7haRef0WH.jpg')!)).toBe(true);
    expect(isAllowedPosterUrl(posterUrl(offlinePosterPath('tv', 42))!)).toBe(true);
  });
});

describe('isAllowedPosterUrl', () => {
  it('accepts TMDB CDN and our own placeholder posters only', () => {
    expect(isAllowedPosterUrl('https://image.tmdb.org/t/p/w500/qJ2tW6WMUDux911r6m7haRef0WH.jpg')).toBe(true);
    expect(isAllowedPosterUrl('/api/catalog/posters/movie/27205.png')).toBe(true);
    expect(isAllowedPosterUrl('http://image.tmdb.org/t/p/w500/a.jpg')).toBe(false);
    expect(isAllowedPosterUrl('https://image.tmdb.org.evil.com/t/p/w500/a.jpg')).toBe(false);
    expect(isAllowedPosterUrl('https://image.tmdb.org/t/p/w500/../../x.jpg')).toBe(false);
    expect(isAllowedPosterUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedPosterUrl('/api/uploads/0123456789abcdef0123456789abcdef')).toBe(false);
  });
});

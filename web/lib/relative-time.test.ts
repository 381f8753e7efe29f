import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('reads as it always has in English', () => {
    expect(formatRelativeTime(ago(0), 'en', now)).toBe('just now');
    expect(formatRelativeTime(ago(44), 'en', now)).toBe('just now');
    expect(formatRelativeTime(ago(50), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 3600), 'en', now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(21 * 24 * 3600), 'en', now)).toBe('3 weeks ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), 'en', now)).toBe('last year');
  });

  it("words it in the page's language", () => {
    expect(formatRelativeTime(ago(0), 'es', now)).toBe('ahora');
    expect(formatRelativeTime(ago(5 * 60), 'es', now)).toBe('hace 5 minutos');
    expect(formatRelativeTime(ago(24 * 3600), 'de', now)).toBe('gestern');
  });
});

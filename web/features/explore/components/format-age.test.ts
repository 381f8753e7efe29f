import { describe, expect, it } from 'vitest';
import { formatAge } from './format-age';

describe('formatAge', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('reads minutes, hours, then days', () => {
    expect(formatAge(ago(0), 'en', now)).toBe('just now');
    expect(formatAge(ago(59_999), 'en', now)).toBe('just now');
    expect(formatAge(ago(60_000), 'en', now)).toBe('1m ago');
    expect(formatAge(ago(5 * 60_000), 'en', now)).toBe('5m ago');
    expect(formatAge(ago(59 * 60_000), 'en', now)).toBe('59m ago');
    expect(formatAge(ago(60 * 60_000), 'en', now)).toBe('1h ago');
    expect(formatAge(ago(23 * 3_600_000 + 59 * 60_000), 'en', now)).toBe('23h ago');
    expect(formatAge(ago(24 * 3_600_000), 'en', now)).toBe('1d ago');
    expect(formatAge(ago(400 * 24 * 3_600_000), 'en', now)).toBe('400d ago');
  });
  it('never reads negative for a clock slightly ahead', () => {
    expect(formatAge(new Date(now + 30_000).toISOString(), 'en', now)).toBe('just now');
  });
  it("words it in the page's language, still counted", () => {
    expect(formatAge(ago(0), 'es', now)).toBe('ahora');
    expect(formatAge(ago(5 * 60_000), 'es', now)).toBe('hace 5 min');
    expect(formatAge(ago(24 * 3_600_000), 'es', now)).toBe('hace 1 d');
  });
});

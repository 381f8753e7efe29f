import { describe, expect, it } from 'vitest';
import { closesIn, closesSoon } from './time-left';

const now = Date.parse('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now + ms).toISOString();

describe('closesIn', () => {
  it('is null for a link that never expires or has closed', () => {
    expect(closesIn(null, now)).toBeNull();
    expect(closesIn(later(0), now)).toBeNull();
    expect(closesIn(later(-5_000), now)).toBeNull();
  });

  it('reads in minutes, hours, then days, rounded down with a little grace', () => {
    expect(closesIn(later(30_000), now)).toBe('closes in under a minute');
    expect(closesIn(later(25 * 60_000 + 59_000), now)).toBe('closes in 25 min');
    expect(closesIn(later(59 * 60_000 + 59_000), now)).toBe('closes in 59 min');
    expect(closesIn(later(3 * 3600_000 + 50 * 60_000), now)).toBe('closes in 3 h');
    // A link made for 24 hours, read a few seconds later.
    expect(closesIn(later(24 * 3600_000 - 10_000), now)).toBe('closes in 24 h');
    expect(closesIn(later(24 * 3600_000 - 6 * 60_000), now)).toBe('closes in 23 h');
    expect(closesIn(later(47 * 3600_000), now)).toBe('closes in 47 h');
    expect(closesIn(later(7 * 24 * 3600_000 - 10_000), now)).toBe('closes in 7 d');
    expect(closesIn(later(7 * 24 * 3600_000 - 2 * 3600_000), now)).toBe('closes in 6 d');
  });

  it('flags the last hour as soon', () => {
    expect(closesSoon(later(59 * 60_000), now)).toBe(true);
    expect(closesSoon(later(61 * 60_000), now)).toBe(false);
    expect(closesSoon(null, now)).toBe(false);
  });
});
